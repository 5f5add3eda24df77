#include "tests/seam.h"

#include <cstring>
#include <string>

#include "crypto/cpu/cpu.h"
#include "crypto/testing/explicit_rows.h"
#include "ctcrypto/aead.h"
#include "tests/reference.h"

namespace ctcrypto_test {

using ctcrypto::AesGcm;
using ctcrypto::AesKey;
using ctcrypto::GhashKey;
using ctcrypto::Status;
using ctcrypto::internal::AesKeyState;

namespace {

// SameBytes: got[0..want.size()) == want, naming the first differing block
// rather than printing kilobytes of hex.
testing::AssertionResult SameBytes(const uint8_t* got,
                                   std::span<const uint8_t> want) {
  for (size_t i = 0; i < want.size(); ++i) {
    if (got[i] != want[i]) {
      const size_t block = i / 16;
      const size_t end = std::min(want.size(), 16 * block + 16);
      return testing::AssertionFailure()
             << "first difference at byte " << i << " (block " << block
             << "): got "
             << ToHex(std::span<const uint8_t>(got + 16 * block,
                                               end - 16 * block))
             << " want " << ToHex(want.subspan(16 * block, end - 16 * block));
    }
  }
  return testing::AssertionSuccess();
}

testing::AssertionResult AllZero(const uint8_t* p, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    if (p[i] != 0) return testing::AssertionFailure() << "byte " << i << " not zero";
  }
  return testing::AssertionSuccess();
}

// The split point of a two-call check: inside the first batch for short
// counts, past several batches for long ones.
size_t SplitPoint(size_t blocks) { return (blocks + 1) / 3; }

}  // namespace

const AesRow* UsableAesRow(const char* name) {
  const AesRow* b = ctcrypto::internal::find_any_aes_row(name);
  return ctcrypto::internal::aes_row_usable(b) ? b : nullptr;
}

const GhashRow* UsableGhashRow(const char* name) {
  const GhashRow* b = ctcrypto::internal::find_any_ghash_row(name);
  return ctcrypto::internal::ghash_row_usable(b) ? b : nullptr;
}

void SetCounterTail(uint8_t ctr[16], uint32_t tail) {
  ctr[12] = static_cast<uint8_t>(tail >> 24);
  ctr[13] = static_cast<uint8_t>(tail >> 16);
  ctr[14] = static_cast<uint8_t>(tail >> 8);
  ctr[15] = static_cast<uint8_t>(tail);
}

void CheckAesSeams(const AesRow* row, const AesSeamRun& run,
                   std::span<const size_t> block_counts) {
  ASSERT_NE(row, nullptr);
  SCOPED_TRACE(testing::Message()
               << "aes:" << row->name << " key_len " << run.key_len
               << " in_offset " << run.in_offset << " out_offset "
               << run.out_offset << (run.in_place ? " in place" : "")
               << " ctr tail " << run.ctr_tail << " seed " << run.seed);
  const AesRow* ref_row = ReferenceAesRow();
  const bool self = row == ref_row;
  const Bytes raw = Pattern(run.key_len, run.seed * 31 + static_cast<uint32_t>(run.key_len));
  AesKey key, ref;
  ASSERT_TRUE(InitAesKey(&key, raw, row));
  ASSERT_TRUE(InitAesKey(&ref, raw, ref_row));
  const AesKeyState* ks = &ctcrypto::internal::key_state(key);
  const AesKeyState* rs = &ctcrypto::internal::key_state(ref);
  const ctcrypto::internal::AesDecryptRow* drow =
      ctcrypto::internal::aes_decrypt_row_of(row);
  const ctcrypto::internal::AesDecryptRow* ref_drow =
      ctcrypto::internal::aes_decrypt_row_of(ref_row);
  ASSERT_NE(drow, nullptr);
  ASSERT_NE(ref_drow, nullptr);

  for (size_t n : block_counts) {
    SCOPED_TRACE(testing::Message() << "blocks " << n);
    const size_t len = 16 * n;
    const uint32_t data_seed = run.seed * 977 + static_cast<uint32_t>(n);
    // One spare block everywhere: no empty vector's null data() reaches a row.
    const Bytes src_store = Pattern(len + 16, data_seed);
    const std::span<const uint8_t> src(src_store.data(), len);
    AlignedBuffer in(len, run.in_offset), out_buf(len, run.out_offset);
    uint8_t* out = run.in_place ? in.data() : out_buf.data();
    auto reset = [&] { copy_bytes(in.data(), src.data(), len); };
    const size_t cut = SplitPoint(n);

    if (run.ctr32) {
      uint8_t ctr[16];
      FillPattern(ctr, 12, data_seed + 1);
      SetCounterTail(ctr, run.ctr_tail);
      const Block ctr0 = ToBlock(std::span<const uint8_t>(ctr, 16));
      Bytes want(len + 16);
      if (self) {
        const Bytes r = RefCtr32(ref, ctr0, src);
        copy_bytes(want.data(), r.data(), len);
      } else {
        ref_row->ctr32(rs, src.data(), want.data(), n, ctr);
      }
      reset();
      row->ctr32(ks, in.data(), out, n, ctr);
      const std::span<const uint8_t> want_ct(want.data(), len);
      EXPECT_TRUE(SameBytes(out, want_ct)) << "ctr32";
      EXPECT_EQ(ToHex(ctr), ToHex(ctr0)) << "ctr32 changed the counter";
      reset();
      row->ctr32(ks, in.data(), out, cut, ctr);
      uint8_t ctr2[16];
      std::memcpy(ctr2, ctr, 16);
      SetCounterTail(ctr2, run.ctr_tail + static_cast<uint32_t>(cut));
      row->ctr32(ks, in.data() + 16 * cut, out + 16 * cut, n - cut, ctr2);
      EXPECT_TRUE(SameBytes(out, want_ct)) << "ctr32 split at block " << cut;
    }

    auto check_cbc = [&](bool encrypt) {
      const char* what = encrypt ? "cbc_encrypt" : "cbc_decrypt";
      auto fn = encrypt ? row->cbc_encrypt : drow->cbc_decrypt;
      uint8_t iv0[16];
      FillPattern(iv0, 16, data_seed + (encrypt ? 3 : 2));
      Bytes want(len + 16);
      if (self) {
        const Bytes r = encrypt ? RefCbcEncrypt(ref, ToBlock(iv0), src)
                                : RefCbcDecrypt(ref, ToBlock(iv0), src);
        copy_bytes(want.data(), r.data(), len);
      } else {
        uint8_t iv[16];
        std::memcpy(iv, iv0, 16);
        (encrypt ? ref_row->cbc_encrypt : ref_drow->cbc_decrypt)(
            rs, src.data(), want.data(), n, iv);
      }
      // SP 800-38A: the next chaining value is the last ciphertext block.
      const uint8_t* last_ct = n == 0 ? iv0
                               : encrypt ? want.data() + len - 16
                                         : src.data() + len - 16;
      const std::string want_iv = ToHex(std::span<const uint8_t>(last_ct, 16));
      uint8_t iv[16];
      std::memcpy(iv, iv0, 16);
      reset();
      fn(ks, in.data(), out, n, iv);
      const std::span<const uint8_t> want_out(want.data(), len);
      EXPECT_TRUE(SameBytes(out, want_out)) << what;
      EXPECT_EQ(ToHex(iv), want_iv) << what << " chaining value";
      std::memcpy(iv, iv0, 16);
      reset();
      fn(ks, in.data(), out, cut, iv);
      fn(ks, in.data() + 16 * cut, out + 16 * cut, n - cut, iv);
      EXPECT_TRUE(SameBytes(out, want_out)) << what << " split at block " << cut;
      EXPECT_EQ(ToHex(iv), want_iv) << what << " split chaining value";
    };
    if (run.cbc_decrypt) check_cbc(false);
    if (n <= run.cbc_encrypt_max_blocks) check_cbc(true);

    for (bool encrypt : {true, false}) {
      auto fn = encrypt ? row->ecb_encrypt : drow->ecb_decrypt;
      if (fn == nullptr) continue;
      Bytes want(len + 16);
      for (size_t b = 0; b < n; ++b) {
        if (encrypt) {
          ref.encrypt_block(src.data() + 16 * b, want.data() + 16 * b);
        } else {
          ref.decrypt_block(src.data() + 16 * b, want.data() + 16 * b);
        }
      }
      reset();
      fn(ks, in.data(), out, n);
      EXPECT_TRUE(SameBytes(out, std::span<const uint8_t>(want.data(), len)))
          << (encrypt ? "ecb_encrypt" : "ecb_decrypt");
    }
    EXPECT_TRUE(in.GuardsIntact()) << "wrote outside the input buffer";
    EXPECT_TRUE(out_buf.GuardsIntact()) << "wrote outside the output buffer";
  }

  // One block each way at the same placement.
  const Block blk = ToBlock(Pattern(16, run.seed + 77));
  AlignedBuffer in(16, run.in_offset), out_buf(16, run.out_offset);
  uint8_t* out = run.in_place ? in.data() : out_buf.data();
  const Block want_enc = RefAesEncryptBlock(raw, blk);
  const Block want_dec = RefAesDecryptBlock(raw, blk);
  std::memcpy(in.data(), blk.data(), 16);
  row->encrypt_block(ks, in.data(), out);
  EXPECT_TRUE(SameBytes(out, want_enc)) << "encrypt_block";
  std::memcpy(in.data(), blk.data(), 16);
  drow->decrypt_block(ks, in.data(), out);
  EXPECT_TRUE(SameBytes(out, want_dec)) << "decrypt_block";
  EXPECT_TRUE(in.GuardsIntact() && out_buf.GuardsIntact())
      << "single block wrote outside its buffer";
}

void CheckAesSeamsForKeySizes(const AesRow* row, const AesSeamRun& base,
                              std::span<const SeamPlacement> placements,
                              std::span<const size_t> block_counts) {
  for (size_t key_len : {16, 24, 32}) {
    for (size_t i = 0; i < placements.size(); ++i) {
      AesSeamRun run = base;
      run.key_len = key_len;
      run.in_offset = placements[i].in_offset;
      run.out_offset = placements[i].out_offset;
      run.in_place = placements[i].in_place;
      run.ctr_tail = placements[i].ctr_tail;
      run.seed = base.seed + static_cast<uint32_t>(key_len * 31 + i);
      CheckAesSeams(row, run, block_counts);
    }
  }
}

void CheckGhashSeams(const GhashRow* row, const Block& h,
                     std::span<const size_t> block_counts, size_t offset,
                     uint32_t seed) {
  ASSERT_NE(row, nullptr);
  SCOPED_TRACE(testing::Message() << "ghash:" << row->name << " H " << ToHex(h)
                                  << " offset " << offset);
  const GhashRow* ref_row = ReferenceGhashRow();
  GhashKey key, ref;
  ASSERT_TRUE(InitGhashKey(&key, h, row));
  ASSERT_TRUE(InitGhashKey(&ref, h, ref_row));
  for (size_t n : block_counts) {
    SCOPED_TRACE(testing::Message() << "blocks " << n);
    const uint32_t data_seed = seed * 131 + static_cast<uint32_t>(n);
    const Bytes data_store = Pattern(16 * n + 16, data_seed);
    const std::span<const uint8_t> data(data_store.data(), 16 * n);
    AlignedBuffer in(16 * n, offset);
    copy_bytes(in.data(), data.data(), data.size());
    const Block xi0 = ToBlock(Pattern(16, data_seed + 1));
    Block want = xi0;
    if (row == ref_row) {
      want = RefGhash(h, data, xi0);
    } else {
      ref_row->update(&ctcrypto::internal::key_state(ref), want.data(),
                      data.data(), n);
    }
    Block got = xi0;
    row->update(&ctcrypto::internal::key_state(key), got.data(), in.data(), n);
    EXPECT_EQ(ToHex(got), ToHex(want));
    const size_t cut = SplitPoint(n);
    got = xi0;
    row->update(&ctcrypto::internal::key_state(key), got.data(), in.data(),
                cut);
    row->update(&ctcrypto::internal::key_state(key), got.data(),
                in.data() + 16 * cut, n - cut);
    EXPECT_EQ(ToHex(got), ToHex(want)) << "split at block " << cut;
  }
}

const ctcrypto::internal::GcmKernel* GcmKernelOf(const AesRow* aes) {
  for (const ctcrypto::internal::GcmKernel* k :
       ctcrypto::internal::all_gcm_kernels()) {
    if (k->aes == aes) return k;
  }
  return nullptr;
}

testing::AssertionResult InitGcmBulkKeys(
    GcmBulkKeys* keys, const ctcrypto::internal::GcmKernel* kernel,
    std::span<const uint8_t> raw) {
  if (kernel == nullptr) {
    return testing::AssertionFailure() << "no GCM kernel for the pair";
  }
  keys->kernel = kernel;
  auto r = InitAesKey(&keys->aes, raw, kernel->aes);
  if (!r) return r;
  r = InitAesKey(&keys->ref_aes, raw, ReferenceAesRow());
  if (!r) return r;
  Block h{};
  keys->ref_aes.encrypt_block(h.data(), h.data());
  r = InitGhashKey(&keys->ghash, h, kernel->ghash);
  if (!r) return r;
  return InitGhashKey(&keys->ref_ghash, h, ReferenceGhashRow());
}

size_t CheckGcmBulk(const GcmBulkKeys& keys, const GcmBulkRun& run,
                    size_t blocks) {
  SCOPED_TRACE(testing::Message()
               << "kernel:" << keys.kernel->name << (run.open ? " open" : " seal")
               << " blocks " << blocks << " ctr tail " << run.ctr_tail
               << " in_offset " << run.in_offset << " out_offset "
               << run.out_offset << (run.in_place ? " in place" : ""));
  const size_t len = 16 * blocks;
  const uint32_t data_seed =
      run.seed * 613 + static_cast<uint32_t>(blocks) * 31 + run.ctr_tail;
  const Bytes src_store = Pattern(len + 16, data_seed);
  const std::span<const uint8_t> src(src_store.data(), len);
  AlignedBuffer in(len, run.in_offset), out_buf(len, run.out_offset);
  copy_bytes(in.data(), src.data(), len);
  uint8_t* out = run.in_place ? in.data() : out_buf.data();
  uint8_t ctr[16];
  FillPattern(ctr, 12, data_seed + 7);
  SetCounterTail(ctr, run.ctr_tail);
  Block xi = ToBlock(Pattern(16, data_seed + 9));
  Block ctr_ref = ToBlock(std::span<const uint8_t>(ctr, 16));
  Block xi_ref = xi;

  auto bulk = run.open ? keys.kernel->open_bulk : keys.kernel->seal_bulk;
  const size_t done = bulk(&ctcrypto::internal::key_state(keys.aes),
                           &ctcrypto::internal::key_state(keys.ghash),
                           in.data(), out, len, ctr, run.ctr_public,
                           xi.data());
  if (done % 16 != 0 || done > len) {
    ADD_FAILURE() << "bulk returned " << done << " of " << len << " bytes";
    return 0;
  }
  const size_t nb = done / 16;
  if (blocks >= run.must_take_from_blocks) {
    EXPECT_LT(blocks - nb, run.max_left_blocks)
        << "the loop left " << blocks - nb << " blocks";
  }
  Bytes want_store(done + 16);
  const std::span<const uint8_t> want(want_store.data(), done);
  ReferenceAesRow()->ctr32(&ctcrypto::internal::key_state(keys.ref_aes),
                               src.data(), want_store.data(), nb,
                               ctr_ref.data());
  ReferenceGhashRow()->update(
      &ctcrypto::internal::key_state(keys.ref_ghash), xi_ref.data(),
      run.open ? src.data() : want.data(), nb);
  SetCounterTail(ctr_ref.data(), run.ctr_tail + static_cast<uint32_t>(nb));
  EXPECT_TRUE(SameBytes(out, want)) << "output";
  EXPECT_EQ(ToHex(ctr), ToHex(ctr_ref)) << "counter after";
  EXPECT_EQ(ToHex(xi), ToHex(xi_ref)) << "GHASH accumulator after";
  if (run.in_place) {
    EXPECT_TRUE(SameBytes(in.data() + done, src.subspan(done)))
        << "changed the input past the processed prefix";
  } else {
    EXPECT_TRUE(AllZero(out + done, len - done))
        << "wrote past the processed prefix";
  }
  EXPECT_TRUE(in.GuardsIntact() && out_buf.GuardsIntact())
      << "wrote outside its buffers";
  return nb;
}

void CheckGcmMessage(const GcmRows& rows, const GcmMessageRun& run) {
  SCOPED_TRACE(testing::Message()
               << "aes:" << rows.aes->name << " ghash:" << rows.ghash->name
               << " key_len " << run.key_len << " len " << run.len
               << " in_offset " << run.in_offset << " out_offset "
               << run.out_offset << (run.in_place ? " in place" : "")
               << " ad_len " << run.ad_len << " nonce_len " << run.nonce_len);
  const size_t len = run.len;
  const uint32_t s = run.seed * 7919;
  const Bytes key = Pattern(run.key_len, s + 1 + static_cast<uint32_t>(run.key_len));
  const Bytes nonce = Pattern(run.nonce_len, s + 2 + static_cast<uint32_t>(run.nonce_len));
  const Bytes ad = Pattern(run.ad_len, s + 3);
  const Bytes pt = Pattern(len, s + 4 + static_cast<uint32_t>(len));
  AesGcm gcm, ref;
  ASSERT_TRUE(InitGcm(&gcm, key, 16, rows));
  ASSERT_TRUE(InitGcm(&ref, key, 16,
                      GcmRows{ReferenceAesRow(), ReferenceGhashRow()}));
  Bytes want(len + 16);
  size_t n = 0;
  ASSERT_EQ(ref.seal(want, &n, nonce, pt, ad), Status::kOk);
  ASSERT_EQ(n, len + 16);

  AlignedBuffer in(len + 16, run.in_offset), out_buf(len + 16, run.out_offset);
  copy_bytes(in.data(), pt.data(), len);
  uint8_t* out = run.in_place ? in.data() : out_buf.data();
  ASSERT_EQ(gcm.seal({out, len + 16}, &n, nonce, {in.data(), len}, ad),
            Status::kOk);
  ASSERT_EQ(n, len + 16);
  EXPECT_TRUE(SameBytes(out, want)) << "seal";
  // Open back (in place: the plaintext replaces the ciphertext).
  uint8_t* back = run.in_place ? out : in.data();
  ASSERT_EQ(gcm.open({back, len}, &n, nonce, {out, len + 16}, ad), Status::kOk);
  ASSERT_EQ(n, len);
  EXPECT_TRUE(SameBytes(back, pt)) << "open";
  Bytes detached(len);
  ASSERT_EQ(gcm.open_detached(detached, nonce, {want.data(), len},
                              {want.data() + len, 16}, ad),
            Status::kOk);
  EXPECT_TRUE(SameBytes(detached.data(), pt)) << "open_detached";
  EXPECT_TRUE(in.GuardsIntact() && out_buf.GuardsIntact())
      << "wrote outside its buffers";

  // Forgeries: a tag bit, and a ciphertext bit.
  for (size_t flip : {len, len / 2}) {
    if (flip == len / 2 && len == 0) continue;
    Bytes bad = want;
    bad[flip] ^= flip == len ? 0x01 : 0x10;
    Bytes junk(len + 1, 0xaa);
    EXPECT_EQ(gcm.open({junk.data(), len}, &n, nonce, bad, ad),
              Status::kAuthenticationFailed)
        << "flipped byte " << flip;
    EXPECT_TRUE(AllZero(junk.data(), len)) << "plaintext released, flipped byte " << flip;
    EXPECT_EQ(junk[len], 0xaa) << "wrote past the plaintext";
  }
}

}  // namespace ctcrypto_test
