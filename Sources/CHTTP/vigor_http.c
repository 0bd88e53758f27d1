#include "vigor_http.h"

#include <curl/curl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static pthread_once_t global_once = PTHREAD_ONCE_INIT;
static CURLcode global_result = CURLE_OK;

static void global_init(void) { global_result = curl_global_init(CURL_GLOBAL_DEFAULT); }

typedef struct {
    CURL *handle;
    vigor_http_reply *reply;
    size_t max_body_bytes;
    int error_status_without_body;
    size_t headers_capacity, headers_length;
    size_t body_capacity;
    int checked;   /* the status and the announced length were looked at (first body bytes) */
    int stopped;   /* vigord ended the transfer on purpose: an error status or the limit */
} exchange;

static int grow(char **buffer, size_t *capacity, size_t needed) {
    if (needed <= *capacity) return 1;
    size_t next = *capacity ? *capacity : 1024;
    while (next < needed) next *= 2;
    char *grown = realloc(*buffer, next);
    if (!grown) return 0;
    *buffer = grown;
    *capacity = next;
    return 1;
}

static size_t on_header(char *data, size_t size, size_t count, void *context) {
    exchange *ex = context;
    size_t length = size * count;
    /* A status line starts a new response (a redirect, 100 Continue): keep only the last one's headers. */
    if (length >= 5 && memcmp(data, "HTTP/", 5) == 0) ex->headers_length = 0;
    if (!grow(&ex->reply->headers, &ex->headers_capacity, ex->headers_length + length + 1)) return 0;
    memcpy(ex->reply->headers + ex->headers_length, data, length);
    ex->headers_length += length;
    ex->reply->headers[ex->headers_length] = '\0';
    return length;
}

static void drop_body(exchange *ex) {
    free(ex->reply->body);
    ex->reply->body = NULL;
    ex->reply->body_length = 0;
    ex->body_capacity = 0;
}

static size_t on_body(char *data, size_t size, size_t count, void *context) {
    exchange *ex = context;
    size_t length = size * count;
    if (!ex->checked) {
        ex->checked = 1;
        long status = 0;
        curl_easy_getinfo(ex->handle, CURLINFO_RESPONSE_CODE, &status);
        if (ex->error_status_without_body && (status < 200 || status > 299)) {
            ex->stopped = 1;
            return CURL_WRITEFUNC_ERROR;
        }
        curl_off_t announced = -1;
        curl_easy_getinfo(ex->handle, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &announced);
        if (announced > 0 && (size_t)announced > ex->max_body_bytes) {
            ex->reply->too_large = 1;
            ex->stopped = 1;
            return CURL_WRITEFUNC_ERROR;
        }
    }
    if (ex->reply->body_length + length > ex->max_body_bytes) {
        drop_body(ex);
        ex->reply->too_large = 1;
        ex->stopped = 1;
        return CURL_WRITEFUNC_ERROR;
    }
    if (!grow(&ex->reply->body, &ex->body_capacity, ex->reply->body_length + length)) return CURL_WRITEFUNC_ERROR;
    memcpy(ex->reply->body + ex->reply->body_length, data, length);
    ex->reply->body_length += length;
    return length;
}

int vigor_http_request(const char *method, const char *url, const char *const *headers, const char *body,
                       size_t body_length, long timeout_ms, size_t max_body_bytes, int error_status_without_body,
                       vigor_http_reply *reply) {
    memset(reply, 0, sizeof *reply);
    pthread_once(&global_once, global_init);
    if (global_result != CURLE_OK) {
        snprintf(reply->error, sizeof reply->error, "libcurl could not start: %s", curl_easy_strerror(global_result));
        return -1;
    }
    CURL *handle = curl_easy_init();
    if (!handle) {
        snprintf(reply->error, sizeof reply->error, "libcurl could not start a transfer");
        return -1;
    }
    exchange ex = {.handle = handle, .reply = reply, .max_body_bytes = max_body_bytes,
                   .error_status_without_body = error_status_without_body};
    struct curl_slist *list = NULL;
    for (const char *const *line = headers; line && *line; line++) list = curl_slist_append(list, *line);

    char reason[CURL_ERROR_SIZE] = {0};
    curl_easy_setopt(handle, CURLOPT_URL, url);
    curl_easy_setopt(handle, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(handle, CURLOPT_FOLLOWLOCATION, 1L);
    curl_easy_setopt(handle, CURLOPT_MAXREDIRS, 10L);
    curl_easy_setopt(handle, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(handle, CURLOPT_TIMEOUT_MS, timeout_ms);
    curl_easy_setopt(handle, CURLOPT_USERAGENT, "vigord");
    curl_easy_setopt(handle, CURLOPT_ERRORBUFFER, reason);
    curl_easy_setopt(handle, CURLOPT_HEADERFUNCTION, on_header);
    curl_easy_setopt(handle, CURLOPT_HEADERDATA, &ex);
    curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, on_body);
    curl_easy_setopt(handle, CURLOPT_WRITEDATA, &ex);
    if (list) curl_easy_setopt(handle, CURLOPT_HTTPHEADER, list);
    if (method && strcmp(method, "GET") != 0) curl_easy_setopt(handle, CURLOPT_CUSTOMREQUEST, method);
    if (body) {
        curl_easy_setopt(handle, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)body_length);
        curl_easy_setopt(handle, CURLOPT_POSTFIELDS, body);
    }

    CURLcode result = curl_easy_perform(handle);
    curl_easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &reply->status);
    int outcome = 0;
    if (result != CURLE_OK && !(result == CURLE_WRITE_ERROR && ex.stopped)) {
        reply->timed_out = result == CURLE_OPERATION_TIMEDOUT;
        snprintf(reply->error, sizeof reply->error, "%s", reason[0] ? reason : curl_easy_strerror(result));
        drop_body(&ex);
        outcome = -1;
    }
    if (ex.stopped) drop_body(&ex);
    curl_slist_free_all(list);
    curl_easy_cleanup(handle);
    return outcome;
}

void vigor_http_reply_free(vigor_http_reply *reply) {
    free(reply->headers);
    free(reply->body);
    reply->headers = NULL;
    reply->body = NULL;
}
