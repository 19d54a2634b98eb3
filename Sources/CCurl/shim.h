// Typed wrappers over libcurl's variadic setters and getters, which Swift cannot call.
#ifndef ODATA_CCURL_SHIM_H
#define ODATA_CCURL_SHIM_H

#include <curl/curl.h>
#if defined(__linux__)
#include <sys/prctl.h>
#endif

/// A write or header callback: (bytes, 1, count, user data) -> bytes taken.
typedef size_t (*odc_data_callback)(char *buffer, size_t size, size_t count, void *user);
/// A progress callback: non-zero aborts the transfer.
typedef int (*odc_progress_callback)(void *user, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal, curl_off_t ulnow);

static inline CURLcode odc_easy_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode odc_easy_set_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode odc_easy_set_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode odc_easy_set_offset(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode odc_easy_set_headers(CURL *handle, struct curl_slist *headers) {
    return curl_easy_setopt(handle, CURLOPT_HTTPHEADER, headers);
}

static inline CURLcode odc_easy_set_share(CURL *handle, CURLSH *share) {
    return curl_easy_setopt(handle, CURLOPT_SHARE, share);
}

/// Copies `length` bytes (curl keeps its own copy), e.g. a CA bundle read from a folder.
static inline CURLcode odc_easy_set_blob(CURL *handle, CURLoption option, void *data, size_t length) {
    struct curl_blob blob;
    blob.data = data;
    blob.len = length;
    blob.flags = CURL_BLOB_COPY;
    return curl_easy_setopt(handle, option, &blob);
}

static inline CURLcode odc_easy_set_write_callback(CURL *handle, odc_data_callback callback, void *user) {
    CURLcode code = curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, callback);
    if (code != CURLE_OK) return code;
    return curl_easy_setopt(handle, CURLOPT_WRITEDATA, user);
}

static inline CURLcode odc_easy_set_header_callback(CURL *handle, odc_data_callback callback, void *user) {
    CURLcode code = curl_easy_setopt(handle, CURLOPT_HEADERFUNCTION, callback);
    if (code != CURLE_OK) return code;
    return curl_easy_setopt(handle, CURLOPT_HEADERDATA, user);
}

static inline CURLcode odc_easy_set_read_callback(CURL *handle, odc_data_callback callback, void *user) {
    CURLcode code = curl_easy_setopt(handle, CURLOPT_READFUNCTION, callback);
    if (code != CURLE_OK) return code;
    return curl_easy_setopt(handle, CURLOPT_READDATA, user);
}

/// A seek callback for rewinding an upload: (user data, offset, SEEK_SET) -> CURL_SEEKFUNC_*.
typedef int (*odc_seek_callback)(void *user, curl_off_t offset, int origin);

static inline CURLcode odc_easy_set_seek_callback(CURL *handle, odc_seek_callback callback, void *user) {
    CURLcode code = curl_easy_setopt(handle, CURLOPT_SEEKFUNCTION, callback);
    if (code != CURLE_OK) return code;
    return curl_easy_setopt(handle, CURLOPT_SEEKDATA, user);
}

static inline CURLcode odc_easy_set_progress_callback(CURL *handle, odc_progress_callback callback, void *user) {
    CURLcode code = curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, callback);
    if (code != CURLE_OK) return code;
    code = curl_easy_setopt(handle, CURLOPT_XFERINFODATA, user);
    if (code != CURLE_OK) return code;
    return curl_easy_setopt(handle, CURLOPT_NOPROGRESS, 0L);
}

static inline CURLcode odc_easy_get_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode odc_easy_get_offset(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode odc_easy_get_string(CURL *handle, CURLINFO info, char **value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLMcode odc_multi_set_long(CURLM *multi, CURLMoption option, long value) {
    return curl_multi_setopt(multi, option, value);
}

static inline CURLSHcode odc_share_set_long(CURLSH *share, CURLSHoption option, long value) {
    return curl_share_setopt(share, option, value);
}

/// The easy handle and result of a finished transfer, or NULL when the message is not CURLMSG_DONE.
static inline CURL *odc_message_done(CURLMsg *message, CURLcode *result) {
    if (message == NULL || message->msg != CURLMSG_DONE) return NULL;
    *result = message->data.result;
    return message->easy_handle;
}

/// Names the calling thread (as `top -H`, `perf` and debuggers show it); prctl is variadic, so Swift cannot call it.
static inline void odc_name_current_thread(const char *name) {
#if defined(__linux__)
    (void)prctl(PR_SET_NAME, name, 0, 0, 0);
#else
    (void)name;
#endif
}

#endif
