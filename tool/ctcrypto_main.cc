// ctcrypto_main.cc: the `ctcrypto` command-line tool.
//
//   ctcrypto caps   the AES/GHASH rows compiled in, the active ones and
//                   the CPU capabilities (after CTCRYPTO_DISABLE)
//   ctcrypto aead   batch AEAD requests on stdin, one answer line per request
//                   line on stdout, one-shot or streamed in chunks
//                   (protocol in tool/aead_batch.h)
//   ctcrypto cmac   AES-CMAC requests on stdin, one answer line each
//                   (protocol in tool/cmac_batch.h)
//   ctcrypto gmac   batch GMAC requests on stdin, the same way
//                   (protocol in tool/gmac_batch.h)
//   ctcrypto keywrap / ctcrypto xts   the same for AES key wrap (KW, KWP)
//                   and AES-XTS (protocol in tool/wrap_xts_batch.h)
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <span>
#include <iostream>
#include <string>
#include <string_view>

#include "crypto/aes/aes_row.h"
#include "crypto/cpu/cpu.h"
#include "crypto/ghash/ghash_row.h"
#include "crypto/hash/sha_row.h"
#include "tool/aead_batch.h"
#include "tool/cmac_batch.h"
#include "tool/gmac_batch.h"
#include "tool/wrap_xts_batch.h"

namespace {

using namespace ctcrypto::internal;

constexpr char kUsage[] =
    "usage: ctcrypto <command>\n"
    "\n"
    "commands:\n"
    "  caps    print the compiled-in and active rows and CPU capabilities\n"
    "  aead    read 'OP AEAD KEY NONCE AD INPUT' lines on stdin, answer each\n"
    "          on stdout (OP: seal|open; KEY/NONCE/AD/INPUT: hex or '-');\n"
    "          'sealstream|openstream AEAD KEY NONCE AD INPUT ADCHUNKS\n"
    "          INCHUNKS' gives the same answer through the streaming API,\n"
    "          AD and data (openstream: INPUT less the tag) fed in chunks of\n"
    "          the comma-separated decimal sizes given ('-': none), the rest\n"
    "          in one last chunk (GCM and CCM names only)\n"
    "          AEAD: aes-{128,192,256}-gcm, aes-{128,256}-gcm-siv (12-byte\n"
    "          nonce, RFC 8452), aes-{128,192,256}-ccm (16-byte tag, nonce of\n"
    "          7..13 bytes), aes-128-ccm-bluetooth (4-byte tag),\n"
    "          aes-128-ccm-bluetooth-8 (8-byte tag), aes-128-ccm-matter\n"
    "          (16-byte tag; the profiles take 13-byte nonces), and the TLS\n"
    "          CBC suites aes-*-cbc-sha*-tls[-implicit-iv]\n"
    "  cmac    read 'mac KEY MSG' or 'verify KEY MSG TAG' lines on stdin\n"
    "          (hex, MSG '-' for empty; TAG 4..16 bytes), answer each with\n"
    "          the 16-byte AES-CMAC in hex, 'ok', or 'ERROR <reason>'\n"
    "  gmac    read 'mac KEY NONCE DATA' or 'verify KEY NONCE DATA TAG' lines\n"
    "          on stdin (hex or '-'); answer the tag in hex, 'ok', or 'ERROR <reason>'\n"
    "  keywrap read 'OP MODE KEK INPUT' lines (OP: wrap|unwrap; MODE: kw\n"
    "          (RFC 3394) | kwp (RFC 5649); KEK: 16/24/32 bytes hex)\n"
    "  xts     read 'OP CIPHER KEY TWEAK INPUT' lines (OP: encrypt|decrypt;\n"
    "          CIPHER: aes-128-xts (32-byte key) | aes-256-xts (64-byte key);\n"
    "          TWEAK: 16 bytes hex; INPUT: >= 16 bytes)\n"
    "          every line answer: hex ('-' if empty) or 'ERROR <reason>'\n"
    "\n"
    "environment:\n"
    "  CTCRYPTO_DISABLE   comma-separated capabilities to ignore, e.g. aesni\n";

// warn_unknown_disabled: names each entry of CTCRYPTO_DISABLE that the
// library does not recognise (it ignores them silently). Each entry is
// checked with the library's own parser so the two never disagree.
void warn_unknown_disabled() {
  const char* env = std::getenv("CTCRYPTO_DISABLE");
  if (env == nullptr) return;
  if (ctcrypto::internal::cpu_caps_static()) {
    std::fprintf(stderr, "ctcrypto: CTCRYPTO_DISABLE ignored: this build's "
                         "capabilities are static (compile-time)\n");
    return;
  }
  std::string_view list(env);
  size_t pos = 0;
  while (pos <= list.size()) {
    size_t comma = list.find(',', pos);
    if (comma == std::string_view::npos) comma = list.size();
    std::string name(list.substr(pos, comma - pos));
    if (!name.empty()) {
      size_t unknown = 0;
      parse_disable_list(name.c_str(), &unknown);
      if (unknown != 0)
        std::fprintf(stderr,
                     "ctcrypto: ignoring unknown capability '%s' in "
                     "CTCRYPTO_DISABLE\n",
                     name.c_str());
    }
    pos = comma + 1;
  }
}

template <typename Row>
std::string join_names(const Row* const* rows, size_t n) {
  std::string s;
  for (size_t i = 0; i < n; i++) {
    if (i != 0) s += ',';
    s += rows[i]->name;
  }
  return s;
}

int cmd_caps() {
  warn_unknown_disabled();
  uint32_t caps = cpu_caps();
  char cpu[256];
  caps_to_string(caps, cpu, sizeof(cpu));
  // The SHA compression-function tables, one per function.
  struct Sha {
    const char* label;
    ShaFamily family;
  };
  constexpr Sha kSha[] = {{"sha1", ShaFamily::kSha1},
                          {"sha256", ShaFamily::kSha256},
                          {"sha512", ShaFamily::kSha512}};
  std::string sha_compiled, sha_active;
  for (const Sha& t : kSha) {
    const std::span<const ShaRow* const> rows = sha_table(t.family);
    sha_compiled += std::string(" ") + t.label + "=" +
                    join_names(rows.data(), rows.size());
    sha_active += std::string(" ") + t.label + "=" +
                  select_sha_row(t.family, caps)->name;
  }
  std::string line = "compiled: aes=" +
                     join_names(kAesRows, kNumAesRows) +
                     " ghash=" + join_names(kGhashRows, kNumGhashRows) +
                     sha_compiled +
                     "  active: aes=" + select_aes_row(caps)->name +
                     " ghash=" + select_ghash_row(caps)->name + sha_active +
                     "  cpu: " + (cpu[0] != '\0' ? cpu : "-") +
                     (cpu_caps_static() ? " (static)" : "") + "\n";
  std::fputs(line.c_str(), stdout);
  return std::fflush(stdout) == 0 ? 0 : 1;
}

// cmd_lines: answers each stdin line with process(line) on stdout (aead,
// cmac, gmac).
template <typename Process>
int cmd_lines(Process process) {
  warn_unknown_disabled();
  std::ios::sync_with_stdio(false);
  std::string line;
  while (std::getline(std::cin, line)) {
    std::string answer = process(line);
    answer += '\n';
    if (std::fwrite(answer.data(), 1, answer.size(), stdout) != answer.size() ||
        std::fflush(stdout) != 0)
      return 1;  // stdout closed: nobody is listening any more
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 2 && std::strcmp(argv[1], "caps") == 0) return cmd_caps();
  if (argc == 2 && std::strcmp(argv[1], "aead") == 0)
    return cmd_lines(ctcrypto::tool::aead_process_line);
  if (argc == 2 && std::strcmp(argv[1], "cmac") == 0)
    return cmd_lines(ctcrypto::tool::cmac_process_line);
  if (argc == 2 && std::strcmp(argv[1], "gmac") == 0)
    return cmd_lines(ctcrypto::tool::gmac_process_line);
  if (argc == 2 && std::strcmp(argv[1], "keywrap") == 0)
    return cmd_lines(ctcrypto::tool::keywrap_process_line);
  if (argc == 2 && std::strcmp(argv[1], "xts") == 0)
    return cmd_lines(ctcrypto::tool::xts_process_line);
  if (argc == 2 && (std::strcmp(argv[1], "help") == 0 ||
                    std::strcmp(argv[1], "-help") == 0 ||
                    std::strcmp(argv[1], "--help") == 0 ||
                    std::strcmp(argv[1], "-h") == 0)) {
    std::fputs(kUsage, stdout);
    return 0;
  }
  if (argc > 2)
    std::fprintf(stderr, "ctcrypto: '%s' takes no arguments\n", argv[1]);
  else if (argc == 2)
    std::fprintf(stderr, "ctcrypto: unknown command '%s'\n", argv[1]);
  std::fputs(kUsage, stderr);
  return 2;
}
