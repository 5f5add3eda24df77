// aes_row.h: the AES row table.
//
// A row is one implementation technique of AES (portable bitsliced,
// vpaes, bitsliced SIMD, AES-NI, ARMv8 AES). Round-key formats differ between
// rows, so the row is chosen when a key is set up and recorded in the
// key; every later operation goes through the key's own row. Two rows'
// key formats never meet.
//
// A row describes the block cipher only: key set-up, single blocks, CTR,
// CBC and ECB. A mode's fused loops over a row (GCM's AES+GHASH, CCM's
// CBC-MAC+CTR, TLS-CBC's CBC+SHA) are that mode's kernels, in the mode's
// own kernel table (crypto/modes/gcm_kernel.h, ccm_kernel.h,
// crypto/tls/tls_cbc_kernel.h), looked up by the rows they pair with; so
// adding a mode adds no member here.
//
// All functions here are constant time: no branch and no memory index
// depends on key or data bytes. Block counts and lengths are public.
#ifndef CTCRYPTO_AES_AES_ROW_H_
#define CTCRYPTO_AES_AES_ROW_H_

#include <cstddef>
#include <cstdint>
#include <span>

#include "crypto/key_storage.h"

namespace ctcrypto::internal {

// kAesKeyStorageBytes (crypto/key_storage.h): room for the expanded key of
// any row of this CPU family, both directions.

struct AesRow;
struct AesDecryptRow;

// AesKeyState: an expanded AES key in the form its row wants.
struct alignas(kKeyStateAlign) AesKeyState {
  alignas(kKeyStateAlign) uint8_t storage[kAesKeyStorageBytes];
  const AesRow* row;  // the row that set this key up
  // The inverse cipher of `row` when the set-up was given it (the
  // explicit-row set-ups of crypto/testing, whose rows need not be in the
  // decrypt table); null otherwise, and aes_decrypt_row() finds it in the
  // table. The public set-ups never name it, so encrypting programs do not
  // link it.
  const AesDecryptRow* decrypt;
  uint32_t rounds;            // 10, 12 or 14
  uint32_t key_len;           // 16, 24 or 32
};

struct AesRow {
  const char* name;        // as printed by `ctcrypto caps`, e.g. "nohw"
  uint32_t required_caps;  // Cap bits the CPU must have at run time

  // set_key: expands `key` (key_len 16, 24 or 32, already validated) into
  // s->storage for encryption and decryption. s->rounds and s->key_len are
  // set by the caller before the call.
  void (*set_key)(AesKeyState* s, const uint8_t* key, size_t key_len);

  // encrypt_block: one block, in and out may alias.
  void (*encrypt_block)(const AesKeyState* s, const uint8_t in[16],
                        uint8_t out[16]);

  // ctr32: out = in XOR keystream for `blocks` whole blocks, keystream block
  // i being E(counter) with the last 4 bytes of `counter` incremented i times
  // as a 32-bit big-endian integer modulo 2^32 (GCM's inc32). `counter` is
  // not updated. in and out may be equal (in place) but not otherwise
  // overlap.
  void (*ctr32)(const AesKeyState* s, const uint8_t* in, uint8_t* out,
                size_t blocks, const uint8_t counter[16]);

  // cbc_encrypt: `blocks` whole blocks with chaining value `iv`, which is
  // updated to the last ciphertext block. In place allowed.
  void (*cbc_encrypt)(const AesKeyState* s, const uint8_t* in, uint8_t* out,
                      size_t blocks, uint8_t iv[16]);

  // Optional multi-block ECB (null when absent; callers then go block by
  // block through encrypt_block): `blocks` independent blocks, in and out
  // equal or disjoint. The rows that keep several blocks in flight (AES-NI,
  // VAES, ARMv8, bitsliced) provide it for the modes whose blocks are
  // independent once whitened (XTS).
  void (*ecb_encrypt)(const AesKeyState* s, const uint8_t* in, uint8_t* out,
                      size_t blocks) = nullptr;

  // Optional encrypt-only key set-up (null when absent: callers use set_key
  // and treat all of s->storage as written). As set_key, but writes only the
  // encryption schedule, skipping the decryption schedule on the rows where
  // deriving it costs (AES-NI's and ARMv8's InvMixColumns pass, vpaes's
  // transformed inverse schedule). For one-use internal keys that only ever
  // encrypt (GCM-SIV's per-nonce message-encryption key). Returns the length
  // of the prefix of s->storage it wrote, all the caller has to wipe.
  // Such a key has no decryption schedule (the bytes are whatever was there
  // before): it must never reach the row's AesDecryptRow.
  // AesKey never sets a key up this way, so no public object can hold one;
  // the key stays inside the mode that made it.
  size_t (*set_encrypt_key)(AesKeyState* s, const uint8_t* key,
                            size_t key_len) = nullptr;
};

// AesDecryptRow: the inverse cipher of one row, over the key its row set up
// (set_key writes both schedules). Apart from AesRow so that only code
// that decrypts (AesKey::decrypt_block, CBC / ECB / XTS decryption, key
// unwrap, TLS-CBC open) reaches it, through aes_decrypt_row(): a program
// that only encrypts (GCM, CTR, CCM, CMAC, GMAC, GCM-SIV) links no inverse
// cipher under --gc-sections. Same constant-time contract as AesRow.
struct AesDecryptRow {
  const AesRow* row;  // the row whose key set-up this decrypts with

  // decrypt_block: one block, in and out may alias.
  void (*decrypt_block)(const AesKeyState* s, const uint8_t in[16],
                        uint8_t out[16]);
  // cbc_decrypt: `blocks` whole blocks with chaining value `iv`, which is
  // updated to the last ciphertext block. In place allowed.
  void (*cbc_decrypt)(const AesKeyState* s, const uint8_t* in, uint8_t* out,
                      size_t blocks, uint8_t iv[16]);
  // Optional multi-block ECB decryption (null when absent; callers then go
  // block by block through decrypt_block), as AesRow::ecb_encrypt.
  void (*ecb_decrypt)(const AesKeyState* s, const uint8_t* in, uint8_t* out,
                      size_t blocks) = nullptr;
};

// basic_row: the row of an implementation whose static functions Impl::
// set_key, encrypt_block, ctr32 and cbc_encrypt are its required members;
// the optional ones stay null (a row that has them sets them on the
// result).
template <class Impl>
constexpr AesRow basic_row(const char* name, uint32_t caps) {
  return AesRow{.name = name,
                    .required_caps = caps,
                    .set_key = Impl::set_key,
                    .encrypt_block = Impl::encrypt_block,
                    .ctr32 = Impl::ctr32,
                    .cbc_encrypt = Impl::cbc_encrypt};
}

// basic_decrypt_row: the decrypt row of `row` from Impl::decrypt_block and
// Impl::cbc_decrypt (ecb_decrypt null unless set on the result).
template <class Impl>
constexpr AesDecryptRow basic_decrypt_row(const AesRow* row) {
  return AesDecryptRow{.row = row,
                       .decrypt_block = Impl::decrypt_block,
                       .cbc_decrypt = Impl::cbc_decrypt};
}

// aes_row_table: the rows selection can reach in this configuration, best
// first (row_table.h says which); whether this CPU can is required_caps.
extern const AesRow* const kAesRows[];
extern const size_t kNumAesRows;
// kAesRowUses[i]: the capabilities row i is declared to use (crypto/BUILD.bazel).
extern const uint32_t kAesRowUses[];
// aes_table: kAesRows as a span (for row_table.h).
std::span<const AesRow* const> aes_table();

// select_aes_row: the first row of kAesRows whose required_caps are
// all in `caps`. Never null: the last row of every platform needs nothing
// beyond what the platform's build guarantees.
const AesRow* select_aes_row(uint32_t caps);

// find_aes_row: the row of kAesRows called `name`, or null.
const AesRow* find_aes_row(const char* name);

// kAesDecryptRows: the decrypt rows of kAesRows, same order
// (aes_decrypt_row_table.cc; generated from the same row list).
extern const AesDecryptRow* const kAesDecryptRows[];
extern const size_t kNumAesDecryptRows;

// aes_decrypt_row: the inverse cipher of the key `s`: s.decrypt when its
// set-up named one, else the decrypt row of s.row in kAesDecryptRows;
// null for an uninitialised key. Every decrypting caller goes through it.
const AesDecryptRow* aes_decrypt_row(const AesKeyState& s);

// Rows, defined each in its row's file. Only the rows compiled for the
// platform exist; aes_row_table.cc lists them.
extern const AesRow kAesNohw;        // aes_nohw.cc: portable bitsliced
extern const AesRow kAesVpaes;       // vpaes (Hamburg 2009), per ISA
extern const AesRow kAesBsaes;       // bitsliced SIMD (Kasper-Schwabe)
extern const AesRow kAesVpaesBsaes;  // vpaes key, bulk on bsaes, per ISA
extern const AesRow kAesAesni;       // x86 AES-NI
extern const AesRow kAesVaes;        // x86 VAES wide vectors
extern const AesRow kAesArmv8;       // ARMv8 AES instructions
// Their inverse ciphers, defined next to each row.
extern const AesDecryptRow kAesNohwDecrypt;
extern const AesDecryptRow kAesVpaesDecrypt;
extern const AesDecryptRow kAesBsaesDecrypt;
extern const AesDecryptRow kAesVpaesBsaesDecrypt;
extern const AesDecryptRow kAesAesniDecrypt;
extern const AesDecryptRow kAesVaesDecrypt;
extern const AesDecryptRow kAesArmv8Decrypt;

}  // namespace ctcrypto::internal

#endif  // CTCRYPTO_AES_AES_ROW_H_
