#ifndef ODATA_CLIBXML2_SHIM_H
#define ODATA_CLIBXML2_SHIM_H

// Debian's libxml2 is built with ICU; its encoding.h would pull in the system
// ICU headers, which clash with Foundation's bundled _FoundationICU module on
// every clean build. Include the version header first and switch ICU off.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/tree.h>
#include <libxml/xmlreader.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlstring.h>
#include <libxml/dict.h>
#include <libxml/uri.h>

#include <stddef.h>

#if defined(__GLIBC__)
void *memrchr(const void *s, int c, size_t n);
#endif

/// The last byte equal to `c` in the `n` bytes at `s`, or NULL (glibc's memrchr where available).
static inline const void *odata_memrchr(const void *s, int c, size_t n) {
#if defined(__GLIBC__)
    return memrchr(s, c, n);
#else
    const unsigned char *p = (const unsigned char *)s + n;
    while (p > (const unsigned char *)s) {
        if (*--p == (unsigned char)c) return p;
    }
    return NULL;
#endif
}

/// A generic-error handler that drops libxml2's messages (Swift cannot define
/// C variadic functions, so it lives here).
static inline void odata_xml_ignore_generic_error(void *ctx, const char *msg, ...) {
    (void)ctx;
    (void)msg;
}

/// A structured-error handler that drops libxml2's messages.
static inline void odata_xml_ignore_structured_error(void *ctx, xmlErrorPtr error) {
    (void)ctx;
    (void)error;
}

/// Routes libxml2's thread-local generic and structured error channels away
/// from stderr for the calling thread. Parser errors still reach a SAX
/// handler's own `serror` callback.
static inline void odata_xml_silence_errors(void) {
    xmlSetGenericErrorFunc(NULL, odata_xml_ignore_generic_error);
    xmlSetStructuredErrorFunc(NULL, odata_xml_ignore_structured_error);
}

#endif
