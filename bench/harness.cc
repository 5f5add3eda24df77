// harness.cc: see harness.h.
#include "bench/harness.h"

#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <ctime>

#include "ctcrypto/aead.h"
#include "ctcrypto/hash.h"
#include "ctcrypto/status.h"

namespace ctcrypto::bench {
namespace {

// clobber: makes the compiler assume `p`'s memory is read and written, so
// work whose result is never looked at cannot be optimised away.
inline void clobber(const void* p) { asm volatile("" : : "r"(p) : "memory"); }

uint64_t now_us(Clock clock) {
  if (clock == Clock::kCpu) {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<uint64_t>(ts.tv_sec) * 1000000u +
           static_cast<uint64_t>(ts.tv_nsec) / 1000u;
  }
  return static_cast<uint64_t>(
      std::chrono::duration_cast<std::chrono::microseconds>(
          std::chrono::steady_clock::now().time_since_epoch())
          .count());
}

std::string json_escape(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof(buf), "\\u%04x", c);
      out += buf;
    } else {
      out += c;
    }
  }
  return out;
}

bool parse_u64(std::string_view s, uint64_t* out) {
  if (s.empty() || s.size() > 12) return false;
  uint64_t v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + static_cast<uint64_t>(c - '0');
  }
  *out = v;
  return true;
}

bool parse_chunks(std::string_view s, std::vector<size_t>* out) {
  out->clear();
  for (;;) {
    size_t comma = s.find(',');
    uint64_t v;
    // 1 GiB cap: a chunk is allocated (several times) per measurement.
    if (!parse_u64(s.substr(0, comma), &v) || v == 0 || v > (1u << 30))
      return false;
    out->push_back(static_cast<size_t>(v));
    if (comma == std::string_view::npos) return true;
    s.remove_prefix(comma + 1);
  }
}

constexpr char kUsage[] =
    "  -filter <substring>   only measurements whose name (e.g. \"AES-128-GCM "
    "seal\")\n"
    "                        contains <substring>\n"
    "  -chunks <n,n,...>     chunk sizes in bytes (default "
    "16,256,1350,8192,16384);\n"
    "                        CBC rounds each down to a multiple of 16;\n"
    "                        replaces a measurement's own sizes (listed "
    "below)\n"
    "  -timeout_ms <n>       time per measurement in ms (default 1000)\n"
    "  -cputime              measure the process's CPU time, not wall time\n"
    "                        (bssl speed's -cputime; for a loaded machine)\n"
    "  -json                 print a JSON array of {description, numCalls,\n"
    "                        microseconds, bytesPerCall}; header line on "
    "stderr\n"
    "  -help                 this message\n";

[[noreturn]] void usage(int code, const char* program, const char* note,
                        std::span<const Measurement> measurements) {
  FILE* f = code == 0 ? stdout : stderr;
  std::fprintf(f, "usage: %s [options]\n%s", program, kUsage);
  if (note[0] != '\0') std::fprintf(f, "%s\n", note);
  std::fputs("measurements:\n", f);
  for (const Measurement& m : measurements) {
    std::fprintf(f, "  %s %s", m.name, m.verb);
    const char* sep = " (chunks ";
    for (size_t chunk : m.chunks) {
      std::fprintf(f, "%s%zu", sep, chunk);
      sep = ",";
    }
    std::fputs(m.chunks.empty() ? "\n" : ")\n", f);
  }
  std::exit(code);
}

}  // namespace

// The batch doubles while one batch takes under 1/32 of the budget, so the
// clock (read once per batch) costs nothing measurable and the overshoot
// stays small.
bool time_op(Op& op, uint64_t budget_us, Result* r, Clock clock) {
  if (!op.run()) return false;  // warm up (and fail early)
  uint64_t batch = 1;
  uint64_t done = 0;
  const uint64_t start = now_us(clock);
  uint64_t last = start;
  for (;;) {
    for (uint64_t i = 0; i < batch; i++) {
      if (!op.run()) return false;
      clobber(op.output());
    }
    done += batch;
    const uint64_t now = now_us(clock);
    if (now - start >= budget_us) {
      r->calls = done;
      r->us = now - start;
      return true;
    }
    if ((now - last) * 32 < budget_us) batch *= 2;
    last = now;
  }
}

double mbps(const Result& r, size_t bytes) {
  return static_cast<double>(r.calls) * static_cast<double>(bytes) /
         static_cast<double>(r.us != 0 ? r.us : 1);
}

Options parse_options(int argc, char** argv, const char* program,
                      const char* note,
                      std::span<const Measurement> measurements) {
  Options o;
  for (int i = 1; i < argc; i++) {
    std::string_view arg = argv[i];
    if (arg.starts_with("--")) arg.remove_prefix(1);  // accept --x as -x
    const bool has_value = i + 1 < argc;
    if (arg == "-help" || arg == "-h") {
      usage(0, program, note, measurements);
    } else if (arg == "-json") {
      o.json = true;
    } else if (arg == "-cputime") {
      o.clock = Clock::kCpu;
    } else if (arg == "-filter" && has_value) {
      o.filter = argv[++i];
    } else if (arg == "-chunks" && has_value) {
      if (!parse_chunks(argv[++i], &o.chunks)) {
        std::fprintf(stderr, "%s: bad -chunks '%s'\n", program, argv[i]);
        usage(2, program, note, measurements);
      }
      o.chunks_given = true;
    } else if (arg == "-timeout_ms" && has_value) {
      if (!parse_u64(argv[++i], &o.timeout_ms) || o.timeout_ms == 0) {
        std::fprintf(stderr, "%s: bad -timeout_ms '%s'\n", program, argv[i]);
        usage(2, program, note, measurements);
      }
    } else {
      std::fprintf(stderr, "%s: unknown or incomplete option '%s'\n", program,
                   argv[i]);
      usage(2, program, note, measurements);
    }
  }
  return o;
}

std::vector<Case> cases(const Options& opt, const Measurement& m) {
  std::vector<Case> out;
  const std::string selector = std::string(m.name) + " " + m.verb;
  if (selector.find(opt.filter) == std::string::npos) return out;
  const std::span<const size_t> chunks =
      opt.chunks_given || m.chunks.empty() ? std::span<const size_t>(opt.chunks)
                                           : m.chunks;
  for (size_t chunk : chunks) {
    const size_t len = chunk / m.granularity * m.granularity;
    if (len == 0) {
      std::fprintf(stderr, "skipping %s %s: chunk %zu is below %zu\n", m.name,
                   m.verb, chunk, m.granularity);
      continue;
    }
    out.push_back({len, std::string(m.name) + " (" + std::to_string(len) +
                            " bytes) " + m.verb});
  }
  return out;
}

void Printer::begin(const std::string& header) {
  if (json_) {
    std::fprintf(stderr, "%s\n", header.c_str());
    std::printf("[\n");
  } else {
    std::printf("%s\n", header.c_str());
  }
  std::fflush(stdout);
}

void Printer::result(const Case& c, const Result& r, std::string_view side) {
  if (json_) {
    const std::string description = std::string(side) + c.description;
    std::printf("%s{\"description\": \"%s\", \"numCalls\": %" PRIu64
                ", \"microseconds\": %" PRIu64 ", \"bytesPerCall\": %zu}",
                first_ ? "" : ",\n", json_escape(description).c_str(), r.calls,
                r.us, c.len);
    first_ = false;
  } else {
    const double us = static_cast<double>(r.us != 0 ? r.us : 1);
    std::printf("%.*sDid %" PRIu64 " %s operations in %" PRIu64
                "us (%.1f ops/sec): %.1f MB/s\n",
                static_cast<int>(side.size()), side.data(), r.calls,
                c.description.c_str(), r.us,
                static_cast<double>(r.calls) * 1e6 / us, mbps(r, c.len));
  }
  std::fflush(stdout);
}

void Printer::note(const std::string& line) {
  if (json_) return;
  std::printf("%s\n", line.c_str());
  std::fflush(stdout);
}

void Printer::end() {
  if (json_) std::printf("\n]\n");
  std::fflush(stdout);
}

std::string active_rows() {
  AesGcm gcm;
  const char* aes = "none";
  const char* ghash = "none";
  if (gcm.init(std::span<const uint8_t>(kKey, 16)) == Status::kOk) {
    aes = gcm.aes_key().row_name();
    ghash = gcm.ghash_key().row_name();
  }
  std::string sha;
  const HashAlgorithm kAlgs[] = {HashAlgorithm::kSha1, HashAlgorithm::kSha256,
                                 HashAlgorithm::kSha512};
  const char* kLabels[] = {"sha1", "sha256", "sha512"};
  for (size_t i = 0; i < 3; ++i) {
    Hash h(kAlgs[i]);
    sha += std::string(" ") + kLabels[i] + "=" + h.row_name();
  }
  return std::string("aes=") + aes + " ghash=" + ghash + sha;
}

}  // namespace ctcrypto::bench
