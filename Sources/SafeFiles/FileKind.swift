#if canImport(Glibc)
import Glibc
#endif

/// What a path is, in words for messages: "a FIFO (named pipe)", "a folder"…
public enum FileKind {
    /// The words for the file type in `mode` (`stat`'s `st_mode`).
    public static func name(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFREG: "a regular file"
        case S_IFDIR: "a folder"
        case S_IFLNK: "a symbolic link"
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFSOCK: "a socket"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        default: "not a file"
        }
    }
}
