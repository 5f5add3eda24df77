// hmac.cc: HMAC (RFC 2104, FIPS 198-1) over the SHA compression functions.
//
// The key is processed once into two chaining states: after absorbing
// K^ipad and after absorbing K^opad (one block each). A message then costs
// its own blocks plus one outer block, and the TLS code can start its
// masked inner hash from the ipad state directly.
#include <cstring>

#include "crypto/cpu/cpu.h"
#include "crypto/hash/hash_access.h"
#include "crypto/hash/hash_internal.h"
#include "crypto/hash/sha_row.h"
#include "crypto/internal.h"
#include "ctcrypto/hash.h"

namespace ctcrypto {
namespace internal {


void hmac_key_setup(HmacKeyState* k, const HashAlg& alg, const ShaRow* row,
                    const uint8_t* key, size_t key_len) {
  uint8_t block[kHashMaxBlockLen] = {};
  if (key_len > alg.block_len) {
    HashCtx c;
    hash_ctx_init(&c, alg, row);
    hash_ctx_update(&c, key, key_len);
    hash_ctx_final(&c, block);
  } else if (key_len > 0) {
    std::memcpy(block, key, key_len);
  }
  k->alg = &alg;
  k->sha = row;
  for (size_t i = 0; i < alg.block_len; ++i) block[i] ^= 0x36;
  alg.init(&k->inner);
  row->compress(&k->inner, block, 1);
  for (size_t i = 0; i < alg.block_len; ++i) block[i] ^= 0x36 ^ 0x5c;
  alg.init(&k->outer);
  row->compress(&k->outer, block, 1);
  secure_zero(block, sizeof(block));
}

void hmac_ctx_start(const HmacKeyState& k, HashCtx* c) {
  c->alg = k.alg;
  c->sha = k.sha;
  c->state = k.inner;
  c->total = k.alg->block_len;
  c->buf_len = 0;
}

void hmac_outer(const HmacKeyState& k, const uint8_t* inner_digest,
                uint8_t* out) {
  HashCtx c;
  c.alg = k.alg;
  c.sha = k.sha;
  c.state = k.outer;
  c.total = k.alg->block_len;
  c.buf_len = 0;
  hash_ctx_update(&c, inner_digest, k.alg->digest_len);
  hash_ctx_final(&c, out);
}

void hmac_ctx_finish(const HmacKeyState& k, HashCtx* c, uint8_t* out) {
  uint8_t inner[kHashMaxDigestLen];
  hash_ctx_final(c, inner);
  hmac_outer(k, inner, out);
  secure_zero(inner, sizeof(inner));
}

}  // namespace internal

using internal::HashCtx;
using internal::HmacKeyState;
using internal::HashAccess;

// The published storage (hash.h) holds the internal state.
static_assert(sizeof(HmacKeyState) <= kHmacKeyStateSize);
static_assert(alignof(HmacKeyState) <= kHashStateAlign);
static_assert(sizeof(Hmac) == kHmacKeyStateSize + kHashCtxSize);

Status Hmac::init(HashAlgorithm alg, std::span<const uint8_t> key) {
  const internal::HashAlg& a = internal::alg_of(alg);
  return HashAccess::init_with_rows(
      *this, alg, key, internal::select_sha_row(a.family,
                                                    internal::cpu_caps()));
}

Status HashAccess::init_with_rows(Hmac& h, HashAlgorithm alg,
                                  std::span<const uint8_t> key,
                                  const internal::ShaRow* row) {
  h.clear();  // a failed re-init leaves no trace of the previous key
  if (key.data() == nullptr && !key.empty()) return Status::kInvalidArgument;
  const internal::HashAlg& a = internal::alg_of(alg);
  if (!internal::sha_row_usable(a, row)) return Status::kUnsupported;
  internal::hmac_key_setup(&HashAccess::key(h), a, row, key.data(), key.size());
  internal::scrub_stack();  // the key block's message schedule, states
  h.reset();
  return Status::kOk;
}

const char* Hmac::row_name() const {
  const HmacKeyState& k = HashAccess::key(*this);
  return k.sha ? k.sha->name : "none";
}

void Hmac::clear() {
  internal::secure_zero(key_, sizeof(key_));
  internal::secure_zero(ctx_, sizeof(ctx_));
}

void Hmac::reset() {
  const HmacKeyState& k = HashAccess::key(*this);
  if (k.alg != nullptr) internal::hmac_ctx_start(k, &HashAccess::ctx(*this));
}

Status Hmac::update(std::span<const uint8_t> data) {
  if (HashAccess::key(*this).alg == nullptr) return Status::kNotInitialized;
  if ((data.data() == nullptr && !data.empty()) ||
      !internal::spans_addressable(data))
    return Status::kInvalidArgument;
  if (data.empty()) return Status::kOk;
  HashCtx& c = HashAccess::ctx(*this);
  // Whether a block is compressed depends on public lengths only. The room
  // left in the block is compared (buf_len < block_len): buf_len + size
  // would wrap for a size near SIZE_MAX.
  const bool compresses = data.size() >= c.alg->block_len - c.buf_len;
  internal::hash_ctx_update(&c, data.data(), data.size());
  // The compression's frame held a state derived from the ipad state.
  if (compresses) internal::scrub_stack<internal::kHashScrubBytes>();
  return Status::kOk;
}

Status Hmac::finish(std::span<uint8_t> out) {
  const HmacKeyState& k = HashAccess::key(*this);
  if (k.alg == nullptr) return Status::kNotInitialized;
  if (out.size() < k.alg->digest_len) return Status::kOutputTooSmall;
  internal::hmac_ctx_finish(k, &HashAccess::ctx(*this), out.data());
  internal::scrub_stack<internal::kMacScrubBytes>();  // opad-state frames
  return Status::kOk;
}

size_t Hmac::digest_len() const {
  const HmacKeyState& k = HashAccess::key(*this);
  return k.alg ? k.alg->digest_len : 0;
}

Status hmac(HashAlgorithm alg, std::span<const uint8_t> key,
            std::span<const uint8_t> in, std::span<uint8_t> out) {
  // As hash(): update() cannot refuse a span that is not memory; this can.
  if (!internal::spans_addressable(key, in, out))
    return Status::kInvalidArgument;
  Hmac h;
  Status s = h.init(alg, key);
  if (s != Status::kOk) return s;
  h.update(in);
  return h.finish(out);  // h wipes itself
}

}  // namespace ctcrypto
