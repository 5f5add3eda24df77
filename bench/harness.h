// harness.h: the timing harness of //bench:speed and //bench:speed_vs_openssl.
//
// One measurement loop, one option parser and one printer for both programs,
// so a line of one is comparable with the same line of the other. Output is
// BoringSSL's `bssl speed` format (MB = 10^6 bytes):
//
//   Did 25786000 AES-128-GCM (16 bytes) seal operations in 2000050us
//   (12892917.7 ops/sec): 206.3 MB/s          (one line)
//
// or, with -json, an array of {description, numCalls, microseconds,
// bytesPerCall} objects (bssl speed's -json).
#ifndef CTCRYPTO_BENCH_HARNESS_H_
#define CTCRYPTO_BENCH_HARNESS_H_

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace ctcrypto::bench {

// The workload parameters both programs use (as bssl speed: a 12-byte
// nonce, a 13-byte TLS record header as additional data).
inline constexpr uint8_t kKey[32] = {
    0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a,
    0x0b, 0x0c, 0x0d, 0x0e, 0x0f, 0x10, 0x11, 0x12, 0x13, 0x14, 0x15,
    0x16, 0x17, 0x18, 0x19, 0x1a, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f};
inline constexpr size_t kNonceLen = 12;
inline constexpr size_t kAdLen = 13;

// kXtsKey: an AES-XTS key Key1 || Key2 (IEEE 1619), 32 bytes for AES-128-XTS
// or all 64 for AES-256-XTS. The halves differ, as both libraries refuse
// Key1 == Key2.
inline constexpr uint8_t kXtsKey[64] = {
    0x27, 0x18, 0x28, 0x18, 0x28, 0x45, 0x90, 0x45, 0x23, 0x53, 0x60,
    0x28, 0x74, 0x71, 0x35, 0x26, 0x62, 0x49, 0x77, 0x57, 0x24, 0x70,
    0x93, 0x69, 0x99, 0x59, 0x57, 0x49, 0x66, 0x96, 0x76, 0x27, 0x31,
    0x41, 0x59, 0x26, 0x53, 0x58, 0x97, 0x93, 0x23, 0x84, 0x62, 0x64,
    0x33, 0x83, 0x27, 0x95, 0x02, 0x88, 0x41, 0x97, 0x16, 0x93, 0x99,
    0x37, 0x51, 0x05, 0x82, 0x09, 0x74, 0x94, 0x45, 0x92};

// kTlsCbcKey: a TLS-CBC suite's key, MAC key || AES key (the layout of
// ctcrypto::TlsCbcAead::init); a suite takes the first mac_key_len +
// enc_key_len bytes, at most 48 + 32.
inline constexpr uint8_t kTlsCbcKey[48 + 32] = {
    0x20, 0x21, 0x22, 0x23, 0x24, 0x25, 0x26, 0x27, 0x28, 0x29, 0x2a, 0x2b,
    0x2c, 0x2d, 0x2e, 0x2f, 0x30, 0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0x37,
    0x38, 0x39, 0x3a, 0x3b, 0x3c, 0x3d, 0x3e, 0x3f, 0x40, 0x41, 0x42, 0x43,
    0x44, 0x45, 0x46, 0x47, 0x48, 0x49, 0x4a, 0x4b, 0x4c, 0x4d, 0x4e, 0x4f,
    0x50, 0x51, 0x52, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5a, 0x5b,
    0x5c, 0x5d, 0x5e, 0x5f, 0x60, 0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67,
    0x68, 0x69, 0x6a, 0x6b, 0x6c, 0x6d, 0x6e, 0x6f};

// kSectorChunks: the data units a storage mode is measured on, a 512-byte
// and a 4 KiB sector (the sizes disk encryption uses).
inline constexpr size_t kSectorChunks[] = {512, 4096};

// Op: one measured operation on a fixed chunk. setup() prepares buffers and
// keys, so run() neither allocates nor copies; output() is the memory run()
// writes (kept alive for the compiler with clobber()). error() describes why
// setup() or run() returned false.
class Op {
 public:
  virtual ~Op() = default;
  virtual bool setup() = 0;
  virtual bool run() = 0;
  virtual const void* output() const = 0;
  virtual std::string error() const { return "failed"; }
};

struct Result {
  uint64_t calls = 0;
  uint64_t us = 0;
};

// Clock: what a measurement's microseconds are. kWall is elapsed time;
// kCpu is the process's CPU time (CLOCK_PROCESS_CPUTIME_ID, bssl speed's
// -cputime), which on a loaded machine leaves out the time the process
// waited for a core.
enum class Clock { kWall, kCpu };

// time_op: runs `op` (after one warm-up call) in batches until `budget_us`
// have passed; false if a call fails.
bool time_op(Op& op, uint64_t budget_us, Result* r, Clock clock = Clock::kWall);

// mbps: the throughput of `r` for `bytes` per call, in 10^6 bytes/s.
double mbps(const Result& r, size_t bytes);

// Measurement: a named workload ("AES-128-GCM" "seal") whose chunk is
// rounded down to a multiple of `granularity` bytes. `chunks`, if not
// empty, replaces the default chunk list for this workload (e.g. XTS's
// sectors, kSectorChunks); an explicit -chunks applies to every workload.
struct Measurement {
  const char* name;
  const char* verb;
  size_t granularity;
  std::span<const size_t> chunks = {};
};

struct Options {
  std::string filter;
  std::vector<size_t> chunks = {16, 256, 1350, 8192, 16384};
  bool chunks_given = false;  // -chunks was on the command line
  uint64_t timeout_ms = 1000;
  bool json = false;
  Clock clock = Clock::kWall;  // -cputime: Clock::kCpu
};

// parse_options: -filter, -chunks, -timeout_ms, -cputime, -json, -help (also
// with two dashes). Prints the usage (with `note` and the measurement names)
// and exits on -help or a bad option.
Options parse_options(int argc, char** argv, const char* program,
                      const char* note,
                      std::span<const Measurement> measurements);

// Case: one line to measure: a measurement at one chunk length.
struct Case {
  size_t len;
  std::string description;  // e.g. "AES-128-GCM (16 bytes) seal"
};

// cases: the lines `m` has under `opt`: one per chunk of -chunks if given,
// else of m.chunks, else of the default list (none if the filter excludes
// it; a chunk below the granularity is skipped with a note on stderr).
std::vector<Case> cases(const Options& opt, const Measurement& m);

// Printer: writes results as Did lines or as one JSON array. begin() takes
// the header line (stdout, or stderr under -json).
class Printer {
 public:
  explicit Printer(bool json) : json_(json) {}
  void begin(const std::string& header);
  // result: one line; `side` prefixes the description in both formats
  // ("OpenSSL: Did ..." / "OpenSSL: AES-...").
  void result(const Case& c, const Result& r, std::string_view side = "");
  // note: a line of text output (ignored under -json).
  void note(const std::string& line);
  void end();

 private:
  bool json_;
  bool first_ = true;
};

// active_rows: "aes=<row> ghash=<row> sha1=<row> sha256=<row>
// sha512=<row>", the rows an AES-128-GCM key and the hashes get from the
// library's dispatch ("none" where key setup fails).
std::string active_rows();

}  // namespace ctcrypto::bench

#endif  // CTCRYPTO_BENCH_HARNESS_H_
