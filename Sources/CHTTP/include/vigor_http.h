#ifndef VIGOR_HTTP_H
#define VIGOR_HTTP_H

#include <stddef.h>

/// One HTTP exchange's outcome. Free it with vigor_http_reply_free.
typedef struct {
    /// The final response's status (after redirects); 0 when no response came.
    long status;
    /// The final response's header lines, as received (malloc'd, NUL-terminated; may be NULL).
    char *headers;
    /// The body (malloc'd; NULL when empty, cut off, or not kept).
    char *body;
    size_t body_length;
    /// 1 when the announced length or the body passed `max_body_bytes`; nothing of the body is kept.
    int too_large;
    /// 1 when the transfer ran out of time.
    int timed_out;
    /// Empty when a response came; else libcurl's reason.
    char error[256];
} vigor_http_reply;

/// Performs one HTTP(S) request on the calling thread with libcurl's easy interface: no other thread, no signal,
/// no event loop of anyone else's. `headers` is NULL or a NULL-terminated list of "Name: value" lines; `body` may
/// be NULL. Redirects are followed (http and https only). With `error_status_without_body`, a status outside
/// 200–299 ends the exchange at once, without reading its page. Returns 0 when a response came (whatever its
/// status, or a body cut off at the limit), -1 otherwise (see `error`).
int vigor_http_request(const char *method, const char *url, const char *const *headers, const char *body,
                       size_t body_length, long timeout_ms, size_t max_body_bytes, int error_status_without_body,
                       vigor_http_reply *reply);

void vigor_http_reply_free(vigor_http_reply *reply);

#endif
