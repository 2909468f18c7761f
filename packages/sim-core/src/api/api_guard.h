// The error guard of the C boundary (api/flashscope_api.h), for exports
// defined outside flashscope_api.cpp: ApiGuard runs the body, and turns any
// exception into fs_last_error() JSON (so none crosses into JavaScript),
// or resets fs_last_error() to "null" on success, exactly as the exports
// in flashscope_api.cpp do.
#pragma once

namespace flashscope {

// Both defined in flashscope_api.cpp, which owns the error state.
// Records the exception being handled as fs_last_error() JSON.
void RecordApiException() noexcept;
// fs_last_error() becomes "null".
void ClearApiError() noexcept;

template <typename Result, typename Body>
Result ApiGuard(Result on_error, Body&& body) noexcept {
  try {
    Result result = body();
    ClearApiError();
    return result;
  } catch (...) {
    RecordApiException();
  }
  return on_error;
}

}  // namespace flashscope
