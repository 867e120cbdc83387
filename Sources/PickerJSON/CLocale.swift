#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The C locale, made the calling thread's while json-c reads a line.
///
/// json-c 0.16 (Debian 12's; built with HAVE_USELOCALE) wraps every
/// `json_tokener_parse_ex` call in `uselocale`: it duplicates the thread's
/// locale, makes a copy with LC_NUMERIC "C" for `strtod`, and switches back
/// and frees it at the end. That is per thread, never the process's locale
/// (`setlocale`), so numbers read the same whatever locale a front-end set.
/// (json_tokener.c at tag json-c-0.16-20220414, `json_tokener_parse_ex`:
/// `uselocale(NULL)`, `duplocale`, `newlocale(LC_NUMERIC_MASK, "C", …)`,
/// `uselocale` on entry; `uselocale(oldlocale)`, `freelocale` on exit. Its
/// `setlocale(LC_NUMERIC, …)` fallback is compiled only without
/// `uselocale`, which glibc has.)
/// But duplicating the process's global locale takes glibc's locale lock
/// and allocates, on every call. With the C locale already the thread's,
/// glibc hands back its one static C locale object instead (`duplocale` and
/// `newlocale` of "C" on it return it; `freelocale` ignores it), so each
/// call costs two `uselocale`s of a pointer: the thread's locale goes back
/// to what it was when the line is read.
enum CLocale {
    // glibc's static C locale object: never freed or changed, so sharing
    // the pointer between threads is safe.
    nonisolated(unsafe) private static let c: locale_t? = newlocale(1 << LC_NUMERIC, "C", nil)

    static func whileCurrent<Value, Failure: Error>(_ body: () throws(Failure) -> Value) throws(Failure) -> Value {
        guard let c else { return try body() }
        let previous = uselocale(c)
        defer { if let previous { uselocale(previous) } }
        return try body()
    }
}
