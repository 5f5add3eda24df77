// hash.cc: Merkle-Damgard framing (FIPS 180-4, 5.1 padding) over the
// compression functions, and the public Hash class.
//
// The framing branches only on lengths, which are public for every caller
// of this file. (The TLS code, whose message length is secret, does its own
// masked framing in crypto/tls/tls_cbc.cc and calls the row's `compress`
// directly.) Every compression goes through the context's row.
#include "ctcrypto/hash.h"

#include <cstring>

#include "crypto/row_table.h"
#include "crypto/cpu/cpu.h"
#include "crypto/hash/hash_access.h"
#include "crypto/hash/hash_internal.h"
#include "crypto/hash/sha_row.h"
#include "crypto/internal.h"

namespace ctcrypto {
namespace internal {

void hash_output(const HashAlg& alg, const HashState& s, uint8_t* out) {
  // Whole big-endian words (every digest is a whole number of them: SHA-1
  // 5 x 4 bytes, SHA-256 8 x 4, SHA-384 6 x 8, SHA-512 8 x 8). Branching on
  // the word size keeps the loop free of a division by a runtime value.
  if (alg.word_len == 8) {
    for (size_t i = 0; i < alg.digest_len / 8; ++i)
      store_be64(out + 8 * i, s.w[i]);
  } else {
    for (size_t i = 0; i < alg.digest_len / 4; ++i)
      store_be32(out + 4 * i, static_cast<uint32_t>(s.w[i]));
  }
}

bool sha_row_usable(const HashAlg& alg, const ShaRow* row) {
  return row != nullptr && row->family == alg.family &&
         row_runnable(row, cpu_caps());
}

void hash_ctx_init(HashCtx* c, const HashAlg& alg) {
  hash_ctx_init(c, alg, select_sha_row(alg.family, cpu_caps()));
}

void hash_ctx_init(HashCtx* c, const HashAlg& alg, const ShaRow* row) {
  c->alg = &alg;
  c->sha = row;
  alg.init(&c->state);
  c->total = 0;
  c->buf_len = 0;
}

void hash_ctx_update(HashCtx* c, const uint8_t* data, size_t len) {
  const size_t bl = c->alg->block_len;
  c->total += len;
  if (c->buf_len > 0) {
    size_t take = bl - c->buf_len;
    if (take > len) take = len;
    std::memcpy(c->buf + c->buf_len, data, take);
    c->buf_len += take;
    data += take;
    len -= take;
    if (c->buf_len < bl) return;
    c->sha->compress(&c->state, c->buf, 1);
    c->buf_len = 0;
  }
  size_t blocks = len / bl;
  if (blocks > 0) {
    c->sha->compress(&c->state, data, blocks);
    data += blocks * bl;
    len -= blocks * bl;
  }
  if (len > 0) {
    std::memcpy(c->buf, data, len);
    c->buf_len = len;
  }
}

void hash_ctx_final(HashCtx* c, uint8_t* out) {
  const size_t bl = c->alg->block_len;
  const size_t ll = c->alg->length_len;
  const uint64_t bits = c->total * 8;
  c->buf[c->buf_len++] = 0x80;
  if (c->buf_len > bl - ll) {
    std::memset(c->buf + c->buf_len, 0, bl - c->buf_len);
    c->sha->compress(&c->state, c->buf, 1);
    c->buf_len = 0;
  }
  // Lengths here fit in 64 bits; the upper half of SHA-512's 128-bit
  // length field stays zero.
  std::memset(c->buf + c->buf_len, 0, bl - 8 - c->buf_len);
  store_be64(c->buf + bl - 8, bits);
  c->sha->compress(&c->state, c->buf, 1);
  hash_output(*c->alg, c->state, out);
  secure_zero(c, sizeof(*c));
}

const HashAlg& alg_of(HashAlgorithm a) {
  switch (a) {
    case HashAlgorithm::kSha1: return kSha1;
    case HashAlgorithm::kSha256: return kSha256;
    case HashAlgorithm::kSha384: return kSha384;
    case HashAlgorithm::kSha512: return kSha512;
  }
  return kSha256;
}

}  // namespace internal

size_t hash_digest_len(HashAlgorithm alg) {
  return internal::alg_of(alg).digest_len;
}

using internal::HashCtx;
using internal::HashAccess;

// The published storage (hash.h) holds the internal state.
static_assert(sizeof(HashCtx) <= kHashCtxSize);
static_assert(alignof(HashCtx) <= kHashStateAlign);
static_assert(sizeof(Hash) == kHashCtxSize);

void Hash::clear() {
  // The whole object, as the keyed objects' clear(): digest_len() is 0
  // until the next init().
  internal::secure_zero(ctx_, sizeof(ctx_));
}

void Hash::init(HashAlgorithm alg) {
  internal::hash_ctx_init(&HashAccess::ctx(*this), internal::alg_of(alg));
}

// The object is unusable until the next init() when the row is refused.
Status HashAccess::init_with_rows(Hash& h, HashAlgorithm alg,
                                  const internal::ShaRow* row) {
  const internal::HashAlg& a = internal::alg_of(alg);
  h.clear();
  HashCtx& c = ctx(h);
  c.alg = &a;
  if (!internal::sha_row_usable(a, row)) return Status::kUnsupported;
  internal::hash_ctx_init(&c, a, row);
  return Status::kOk;
}

const char* Hash::row_name() const {
  const HashCtx& c = HashAccess::ctx(*this);
  return c.sha ? c.sha->name : "none";
}

Status Hash::update(std::span<const uint8_t> data) {
  HashCtx& c = HashAccess::ctx(*this);
  if (c.sha == nullptr) return Status::kNotInitialized;
  if ((data.data() == nullptr && !data.empty()) ||
      !internal::spans_addressable(data))
    return Status::kInvalidArgument;
  if (data.empty()) return Status::kOk;
  internal::hash_ctx_update(&c, data.data(), data.size());
  return Status::kOk;
}

Status Hash::finish(std::span<uint8_t> out) {
  HashCtx& c = HashAccess::ctx(*this);
  if (c.sha == nullptr) return Status::kNotInitialized;
  if (out.size() < c.alg->digest_len) return Status::kOutputTooSmall;
  const internal::HashAlg* alg = c.alg;
  internal::hash_ctx_final(&c, out.data());
  c.alg = alg;  // keep digest_len() meaningful after the wipe
  return Status::kOk;
}

size_t Hash::digest_len() const {
  const internal::HashAlg* alg = HashAccess::ctx(*this).alg;
  return alg ? alg->digest_len : 0;
}

Status hash(HashAlgorithm alg, std::span<const uint8_t> in,
            std::span<uint8_t> out) {
  if (!internal::spans_addressable(in, out)) return Status::kInvalidArgument;
  Hash h(alg);
  h.update(in);
  return h.finish(out);
}

}  // namespace ctcrypto
