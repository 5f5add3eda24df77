// hash_test.cc: SHA-1 / SHA-256 / SHA-384 / SHA-512 and HMAC known answers,
// and streaming (any split) against one-shot, on every compression-function
// row this CPU can run (tests/rows.h UsableShaAlgRows), plus every row
// against the portable row on random lengths, splits and keys, and the SHA
// tables themselves.
//
// Known answers: FIPS 180-4's examples (the "abc", 448-bit and 896-bit
// messages and one million 'a', from NIST's published example values),
// RFC 2202 (HMAC-SHA-1) and RFC 4231 (HMAC-SHA-256/384/512) test cases 1-7
// (case 5 truncated to 128 bits as the RFC does). The block-boundary table
// was computed with Python's hashlib for messages m[i] = 7i + 1 (mod 256).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "crypto/cpu/cpu.h"
#include "crypto/hash/sha_row.h"
#include "crypto/testing/explicit_rows.h"
#include "ctcrypto/hash.h"
#include "tests/rows.h"
#include "tests/test_util.h"

namespace ctcrypto_test {
namespace {

using ctcrypto::HashAlgorithm;
using ctcrypto::Status;

constexpr HashAlgorithm kAlgs[] = {HashAlgorithm::kSha1, HashAlgorithm::kSha256,
                                   HashAlgorithm::kSha384,
                                   HashAlgorithm::kSha512};

// AlgIndex: the column of alg in the {sha1, sha256, sha384, sha512} tables.
size_t AlgIndex(HashAlgorithm alg) {
  for (size_t i = 0; i < 4; ++i)
    if (kAlgs[i] == alg) return i;
  return 0;
}

// Digest on the default (selected) row, through the one-shot function.
std::string Digest(HashAlgorithm alg, std::span<const uint8_t> in) {
  uint8_t out[64];
  EXPECT_EQ(ctcrypto::hash(alg, in, out), Status::kOk);
  return ToHex(std::span<const uint8_t>(out, ctcrypto::hash_digest_len(alg)));
}

// Digest on an explicit row.
std::string Digest(const ShaAlgRow& r, std::span<const uint8_t> in) {
  ctcrypto::Hash h(r.alg);
  EXPECT_TRUE(InitHash(&h, r.alg, r.sha));
  h.update(in);
  uint8_t out[64];
  EXPECT_EQ(h.finish(out), Status::kOk);
  return ToHex(std::span<const uint8_t>(out, ctcrypto::hash_digest_len(r.alg)));
}

class HashRowTest : public testing::TestWithParam<ShaAlgRow> {};

std::span<const uint8_t> Str(const char* s) {
  return {reinterpret_cast<const uint8_t*>(s), std::strlen(s)};
}

// {sha1, sha256, sha384, sha512}
struct Kat {
  const char* msg;
  const char* d[4];
};

const Kat kFips180[] = {
    {"abc",
     {"a9993e364706816aba3e25717850c26c9cd0d89d",
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
      "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072b"
      "a1e7cc2358baeca134c825a7",
      "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a"
      "274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"}},
    {"",
     {"da39a3ee5e6b4b0d3255bfef95601890afd80709",
      "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
      "38b060a751ac96384cd9327eb1b1e36a21fdb71114be07434c0cc7bf63f6e1da274edeb"
      "fe76f65fbd51ad2f14898b95b",
      "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c"
      "5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e"}},
    {"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
     {"84983e441c3bd26ebaae4aa1f95129e5e54670f1",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
      "3391fdddfc8dc7393707a65b1b4709397cf8b1d162af05abfe8f450de5f36bc6b0455a8"
      "520bc4e6f5fe95b1fe3c8452b",
      "204a8fc6dda82f0a0ced7beb8e08a41657c16ef468b228a8279be331a703c33596fd15c1"
      "3b1b07f9aa1d3bea57789ca031ad85c7a71dd70354ec631238ca3445"}},
    {"abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnop"
     "jklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
     {"a49b2446a02c645bf419f995b67091253a04a259",
      "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1",
      "09330c33f71147e83d192fc782cd1b4753111b173b3b05d22fa08086e3b0f712fcc7c71"
      "a557e2db966c3e9fa91746039",
      "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018501d289e"
      "4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909"}},
};

TEST(HashTest, Fips180Examples) {
  for (const Kat& k : kFips180) {
    SCOPED_TRACE(k.msg);
    for (size_t a = 0; a < 4; ++a) EXPECT_EQ(Digest(kAlgs[a], Str(k.msg)), k.d[a]);
  }
}

TEST_P(HashRowTest, Fips180Examples) {
  const ShaAlgRow& r = GetParam();
  for (const Kat& k : kFips180) {
    SCOPED_TRACE(k.msg);
    EXPECT_EQ(Digest(r, Str(k.msg)), k.d[AlgIndex(r.alg)]);
  }
}

TEST_P(HashRowTest, MillionA) {
  const char* want[4] = {
      "34aa973cd4c4daa4f61eeb2bdbad27316534016f",
      "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0",
      "9d0e1809716474cb086e834e310a4a1ced149e9c00f248527972cec5704c2a5b07b8b3d"
      "c38ecc4ebae97ddd87f3d8985",
      "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973ebde0ff24"
      "4877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b"};
  const ShaAlgRow& r = GetParam();
  Bytes chunk(1000, 'a');
  ctcrypto::Hash h(r.alg);
  ASSERT_TRUE(InitHash(&h, r.alg, r.sha));
  for (int i = 0; i < 1000; ++i) h.update(chunk);
  uint8_t out[64];
  ASSERT_EQ(h.finish(out), Status::kOk);
  EXPECT_EQ(ToHex(std::span<const uint8_t>(out, h.digest_len())),
            want[AlgIndex(r.alg)]);
}

struct LenKat {
  size_t len;
  const char* d[4];
};

// Padding-boundary lengths for both block sizes (55/56/64 and 111/112/128).
const LenKat kBoundaries[] = {
    {1,
     {"bf8b4530d8d246dd74ac53a13471bba17941dff7",
      "4bf5122f344554c53bde2ebb8cd2b7e3d1600ad631c385a5d7cce23c7785459a",
      "8d2ce87d86f55fcfab770a047b090da23270fa206832dfea"
      "7e0c946fff451f819add242374be551b0d6318ed6c7d41d8",
      "7b54b66836c1fbdd13d2441d9e1434dc62ca677fb68f5fe66a464baadecdbd00"
      "576f8d6b5ac3bcc80844b7d50b1cc6603444bbe7cfcf8fc0aa1ee3c636d9e339"}},
    {55,
     {"04bb34aef4880b625e6b1564a014abd25fc02bfe",
      "16fa57a0a3423a715d594516339f36189d6b5f93754a9714fef202616a9fabfe",
      "ff8841d726616b455ec2dae8d7c8e2c8cf99208168fba76f"
      "636d37316581231c5c4bad7b7c30d54db5d1a858eda65925",
      "44f6d40f3dc121a98043a1771d55650d64a6f196078beedd9c6ca6fe73011666"
      "88bf9b5cb4c5057df7345665ef7f1a4ffddd0743615d9ececca811d304e2afd3"}},
    {56,
     {"83b9fcb6d3e3b20f376ab989a1b6353bcc6c0f44",
      "c37b44e5f1b18554b36966f4f8e08bfbf3164c4b6c10374d12d89850892073c5",
      "db60c1dfcf1e0fbf11157241d928fa48064fab5219bce456"
      "031fd0eaa62f2281ca2d2b81c53726ff9d5a683f26829223",
      "acf4d3a552c68dc641082395cf73955b7a496e67e4b7968e3d3154367f9ca548"
      "b7b90e82d35bdc63c5abba19a5d8cd24ac3626c55219f311afea1c3c164a891b"}},
    {57,
     {"2a1102af8a806e1fe19c618ee2b4721b38d5c797",
      "12b234922502022f755ab8550a3d4e202ad39c81d961a4f59ec39d5fd83d15a7",
      "8274ef99fb0042bc9006412bc8c46d16c09f3a189182a7a9"
      "577f9819f5fb65181eb2834b57051c4e39de30bb10b2f4e3",
      "5ddfb2d77503999a21a0c840b1fe1f4ab6c3ce05a28620798f662ca298e78fda"
      "0a40884dc5276021ead6a3da6412cb053c3756cdd672bcb3b02954aaafd64e37"}},
    {63,
     {"ab15090e8dbe512f3733350f9623ab11f9b5165b",
      "bbba992d2c85af960fb2987a1fd05e0aa82a3db3c740dd8982a9e273b75e36a3",
      "53b8d40f91571c3156af39bd2af30bf07d9fbc59bd38d8bf"
      "2c7f320fc23aefb08c884faef23dc6d7889802d4d42d5e2e",
      "12a188bdf4206eb6e7e7ab95a803fd7c748ffc87bf6a6f38dad0d6365913ab9a"
      "d147954ca19dfeafec3003e5e11d55e94636d498ba158c565e55a02f7582e21b"}},
    {64,
     {"54305ee7e4c7bc5a96afc6d1994fc52d9bcb665f",
      "66bd4633ed6f71c4ecfa4763bf7ba1c8ec7612de9aa6c0578a7b675207c71e0b",
      "5c03431a001926e1861dcac42a1d51fcabb7f957cd1fba2b"
      "78e14288d2e903c62b86c3e7106310515fd9350df7c73579",
      "1df51ad9960b51cd1d186dc402e9070ead3d517047225dee450a3d0a6a85c2e3"
      "3759bea36f40ab8ef53360529e8a49fb83e9d9d2f03d49be1faa06c3054925f7"}},
    {65,
     {"5985422a25357371ebd2a7f6ecd7eebed43db42c",
      "9f7dc47107b750a1f3d35db5d9547f24ef40da5b731b9540d4f43710a154f6c9",
      "95c0ac0a01540c5bdbc780cb230817b47cd5701c64725121"
      "1095f90c4f62d8d09b4ecbf0ac09eb6490929c4680820647",
      "41cc6f2864cd22b09a09761b0580f0a0137ff44f96718fb62a7680fcfb8ed760"
      "103d469e4ab2c9f08d3d4996eea86ecf5ed9e944849d11a7b40e391146b8d655"}},
    {111,
     {"414108793894bbb9a18f912750410a0289258533",
      "1796402e8fc028fc1d3a61e3e4cac839872632c2d7b381cbd802d0768f5cfd13",
      "89c1d81d1cbc65ca869e61315165f6c3c2468b518cd03f64"
      "1fac6cf9d1e857889807399d23113dc8ba27f5eac8b68ac2",
      "3dfde1184fd99f233f98be4250f4edb9b535157909b668334370742204d97e04"
      "7f1fd6a74bb5ba447f337286f421d9af957811f7ef62a458771457da126cb65e"}},
    {112,
     {"17dfea8e215aefe4589a0bf3880d58ae70402c57",
      "e19b57d2618b2898cb915bf2be9bf558f761faa651cd6c5f892610750714dea4",
      "7b412ee8bc1953a28becb4f3417b3f0ceb41b4fc74d40f30"
      "54156e7cb3220b9adf7589cb9a92bc17537873b7ce1161c8",
      "acc96c509e6d01787330a4c6a241e2cda9dcc2529dbe4288dbbcc3812133233c"
      "4698831127cf6ed0b333632b22715a5ce53a0a1002a684367b71c98aa6d1d900"}},
    {113,
     {"101b4f3631a89386ff72e66fde167e2cc2808ac3",
      "e6ace23c9045727ccf80b413fece760ed8ce384d3e89d07f971b0e786e389b29",
      "c62376a4f25b08a4380e72615da0589d2a698783d4595d4a"
      "66e870e4f7cb1ae00b5ac20d6c50c2f8158b63a02ddc9f02",
      "4ede4e315b6ca9754af594de49c76f096a1ff4f52a1f26644c25fb45bce727e4"
      "28ed971dbdde70738ba0b45eb58c2bc637083626b692e24c0a2396c2b354659c"}},
    {127,
     {"776f9728c5649329e5db4bb60a25ea903925a112",
      "44480fb9672845177f5368a08b69ea263275f2a5ec42e06a933370fe0d2968a4",
      "714fa595ed33148c59e469ef0423462749b953698aaab149"
      "1ed101eb24b9e9a6b3a4e6d55b0ef14ee1dff02cc15ea103",
      "a315910cb7812a8e66d87c0c49a42d93dbe97bf0240ee995792292c529256d93"
      "f40199a59b3f6266343f302651fea1589e2040a2f3756126d3fe4f421a72079d"}},
    {128,
     {"22485dc0d1e1d6e9e93e4a2a4667b8e979456379",
      "e462c130fef8c97e34f7dc3ff3ad2f8b3533ab849af21c10531552a2852387a4",
      "147ae27db2fd5e4381c21983e753d8f761190fac65a83374"
      "6ff2558abc9c3244279b8c880537ca2990aacee7bf20358e",
      "31f33a52b36dc2e70c83b604fa999a5cabf33bf70e4556fbed7bff10870c1b7b"
      "241dd3f15d1ade24599f068fc58ab51e0028b0f0c98895c23358e8dee032ce06"}},
    {129,
     {"ee30885ff6af88e805c4b2f54fe0a205a09bf2cc",
      "aa7ea4e8bf89146aeb67ff195fd8182a0e504c9d580aa7af8d2c862e14b98405",
      "ba91c6a4a8860362942120527ff39a9a15dc821434d0d51c"
      "b25a96ed90890fd940b6ff9ea17b469551dca7d081fa2b7e",
      "748fec3280c9165199f8c260e87eea61cbbe1b23ef1567c220df65b37e3fcced"
      "15fa7f63c9a381fde38ddd4eb2b09b67f77d03c5e0a639b487e8c48343590c97"}},
    {1000,
     {"f50d11c8ae2b20fe2598e99a6a2cb859e302615c",
      "095ecb62e30793ab4b954cd6a0586d0cc91f7ea5b1332694d8da780e98676d78",
      "99c9fbd113c67535e7bf9477f22e2a23d183b767efb57bf4"
      "f239cb591d8ba50acf80764dfd9eeb2ed0f1aeb769955f74",
      "76f1e766ac03deff8c614780dc1f26825ad762f92fbba09e2552cd70b2d63338"
      "16e7edec5d8820e8460601ea18d55b4fb154528db99a0bf17670f15f74c82cb7"}},
};

Bytes Pattern(size_t len) {
  Bytes m(len);
  for (size_t i = 0; i < len; ++i) m[i] = static_cast<uint8_t>(i * 7 + 1);
  return m;
}

TEST_P(HashRowTest, BlockBoundaries) {
  const ShaAlgRow& r = GetParam();
  for (const LenKat& k : kBoundaries) {
    SCOPED_TRACE(k.len);
    EXPECT_EQ(Digest(r, Pattern(k.len)), k.d[AlgIndex(r.alg)]);
  }
}

TEST_P(HashRowTest, StreamingMatchesOneShot) {
  std::mt19937 rng(TestSeed());
  const ShaAlgRow& r = GetParam();
  {
    const HashAlgorithm alg = r.alg;
    for (size_t len = 0; len <= 300; ++len) {
      Bytes m = Pattern(len);
      const std::string want = Digest(alg, m);
      ctcrypto::Hash h(alg);
      ASSERT_TRUE(InitHash(&h, alg, r.sha));
      size_t pos = 0;
      while (pos < len) {
        size_t n = std::min<size_t>(len - pos, rng() % 140);
        h.update(std::span<const uint8_t>(m.data() + pos, n));
        pos += n;
      }
      uint8_t out[64];
      ASSERT_EQ(h.finish(out), Status::kOk);
      ASSERT_EQ(ToHex(std::span<const uint8_t>(out, h.digest_len())), want)
          << "len " << len;
    }
  }
}

TEST(HashTest, FinishOutputTooSmall) {
  ctcrypto::Hash h(HashAlgorithm::kSha384);
  uint8_t out[47];
  EXPECT_EQ(h.finish(out), Status::kOutputTooSmall);
}

struct HmacKat {
  const char* alg;
  const char* key;
  const char* msg;
  const char* mac;  // possibly truncated (RFC 4231 case 5)
};

const HmacKat kHmac[] = {
    {"kSha1", "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b", "4869205468657265", "b617318655057264e28bc0b6fb378c8ef146be00"},  // RFC 2202 case 1
    {"kSha1", "4a656665", "7768617420646f2079612077616e7420666f72206e6f7468696e673f", "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79"},  // RFC 2202 case 2
    {"kSha1", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "dddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd", "125d7342b9ac11cd91a39af48aa17b4f63f175d3"},  // RFC 2202 case 3
    {"kSha1", "0102030405060708090a0b0c0d0e0f10111213141516171819", "cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd", "4c9007f4026250c6bc8414f9bf50c86c2d7235da"},  // RFC 2202 case 4
    {"kSha1", "0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c", "546573742057697468205472756e636174696f6e", "4c1a03424b55e07fe7f27be1d58bb9324a9a5a04"},  // RFC 2202 case 5
    {"kSha1", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "54657374205573696e67204c6172676572205468616e20426c6f636b2d53697a65204b6579202d2048617368204b6579204669727374", "aa4ae5e15272d00e95705637ce8a3b55ed402112"},  // RFC 2202 case 6
    {"kSha1", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "54657374205573696e67204c6172676572205468616e20426c6f636b2d53697a65204b657920616e64204c6172676572205468616e204f6e6520426c6f636b2d53697a652044617461", "e8e99d0f45237d786d6bbaa7965c7808bbff1a91"},  // RFC 2202 case 7
    {"kSha256", "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b", "4869205468657265", "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"},  // RFC 4231 case 1
    {"kSha256", "4a656665", "7768617420646f2079612077616e7420666f72206e6f7468696e673f", "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"},  // RFC 4231 case 2
    {"kSha256", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "dddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd", "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"},  // RFC 4231 case 3
    {"kSha256", "0102030405060708090a0b0c0d0e0f10111213141516171819", "cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd", "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"},  // RFC 4231 case 4
    {"kSha256", "0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c", "546573742057697468205472756e636174696f6e", "a3b6167473100ee06e0c796c2955552b"},  // RFC 4231 case 5
    {"kSha256", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "54657374205573696e67204c6172676572205468616e20426c6f636b2d53697a65204b6579202d2048617368204b6579204669727374", "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"},  // RFC 4231 case 6
    {"kSha256", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "5468697320697320612074657374207573696e672061206c6172676572207468616e20626c6f636b2d73697a65206b657920616e642061206c6172676572207468616e20626c6f636b2d73697a6520646174612e20546865206b6579206e6565647320746f20626520686173686564206265666f7265206265696e6720757365642062792074686520484d414320616c676f726974686d2e", "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"},  // RFC 4231 case 7
    {"kSha384", "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b", "4869205468657265", "afd03944d84895626b0825f4ab46907f15f9dadbe4101ec682aa034c7cebc59cfaea9ea9076ede7f4af152e8b2fa9cb6"},  // RFC 4231 case 1
    {"kSha384", "4a656665", "7768617420646f2079612077616e7420666f72206e6f7468696e673f", "af45d2e376484031617f78d2b58a6b1b9c7ef464f5a01b47e42ec3736322445e8e2240ca5e69e2c78b3239ecfab21649"},  // RFC 4231 case 2
    {"kSha384", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "dddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd", "88062608d3e6ad8a0aa2ace014c8a86f0aa635d947ac9febe83ef4e55966144b2a5ab39dc13814b94e3ab6e101a34f27"},  // RFC 4231 case 3
    {"kSha384", "0102030405060708090a0b0c0d0e0f10111213141516171819", "cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd", "3e8a69b7783c25851933ab6290af6ca77a9981480850009cc5577c6e1f573b4e6801dd23c4a7d679ccf8a386c674cffb"},  // RFC 4231 case 4
    {"kSha384", "0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c", "546573742057697468205472756e636174696f6e", "3abf34c3503b2a23a46efc619baef897"},  // RFC 4231 case 5
    {"kSha384", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "54657374205573696e67204c6172676572205468616e20426c6f636b2d53697a65204b6579202d2048617368204b6579204669727374", "4ece084485813e9088d2c63a041bc5b44f9ef1012a2b588f3cd11f05033ac4c60c2ef6ab4030fe8296248df163f44952"},  // RFC 4231 case 6
    {"kSha384", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "5468697320697320612074657374207573696e672061206c6172676572207468616e20626c6f636b2d73697a65206b657920616e642061206c6172676572207468616e20626c6f636b2d73697a6520646174612e20546865206b6579206e6565647320746f20626520686173686564206265666f7265206265696e6720757365642062792074686520484d414320616c676f726974686d2e", "6617178e941f020d351e2f254e8fd32c602420feb0b8fb9adccebb82461e99c5a678cc31e799176d3860e6110c46523e"},  // RFC 4231 case 7
    {"kSha512", "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b", "4869205468657265", "87aa7cdea5ef619d4ff0b4241a1d6cb02379f4e2ce4ec2787ad0b30545e17cdedaa833b7d6b8a702038b274eaea3f4e4be9d914eeb61f1702e696c203a126854"},  // RFC 4231 case 1
    {"kSha512", "4a656665", "7768617420646f2079612077616e7420666f72206e6f7468696e673f", "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea2505549758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737"},  // RFC 4231 case 2
    {"kSha512", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "dddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd", "fa73b0089d56a284efb0f0756c890be9b1b5dbdd8ee81a3655f83e33b2279d39bf3e848279a722c806b485a47e67c807b946a337bee8942674278859e13292fb"},  // RFC 4231 case 3
    {"kSha512", "0102030405060708090a0b0c0d0e0f10111213141516171819", "cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd", "b0ba465637458c6990e5a8c5f61d4af7e576d97ff94b872de76f8050361ee3dba91ca5c11aa25eb4d679275cc5788063a5f19741120c4f2de2adebeb10a298dd"},  // RFC 4231 case 4
    {"kSha512", "0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c", "546573742057697468205472756e636174696f6e", "415fad6271580a531d4179bc891d87a6"},  // RFC 4231 case 5
    {"kSha512", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "54657374205573696e67204c6172676572205468616e20426c6f636b2d53697a65204b6579202d2048617368204b6579204669727374", "80b24263c7c1a3ebb71493c1dd7be8b49b46d1f41b4aeec1121b013783f8f3526b56d037e05f2598bd0fd2215d6a1e5295e64f73f63f0aec8b915a985d786598"},  // RFC 4231 case 6
    {"kSha512", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "5468697320697320612074657374207573696e672061206c6172676572207468616e20626c6f636b2d73697a65206b657920616e642061206c6172676572207468616e20626c6f636b2d73697a6520646174612e20546865206b6579206e6565647320746f20626520686173686564206265666f7265206265696e6720757365642062792074686520484d414320616c676f726974686d2e", "e37b6a775dc87dbaa4dfa9f96e5e3ffddebd71f8867289865df5a32d20cdc944b6022cac3c4982b10d5eeb55c3e4de15134676fb6de0446065c97440fa8c6a58"},  // RFC 4231 case 7
};

HashAlgorithm AlgByName(const std::string& n) {
  if (n == "kSha1") return HashAlgorithm::kSha1;
  if (n == "kSha256") return HashAlgorithm::kSha256;
  if (n == "kSha384") return HashAlgorithm::kSha384;
  return HashAlgorithm::kSha512;
}

TEST(HmacTest, Rfc2202AndRfc4231) {
  for (const HmacKat& k : kHmac) {
    SCOPED_TRACE(std::string(k.alg) + " " + k.mac);
    HashAlgorithm alg = AlgByName(k.alg);
    Bytes key = Hex(k.key), msg = Hex(k.msg);
    uint8_t out[64];
    ASSERT_EQ(ctcrypto::hmac(alg, key, msg, out), Status::kOk);
    const std::string got = ToHex(std::span<const uint8_t>(out, ctcrypto::hash_digest_len(alg)));
    EXPECT_EQ(got.substr(0, std::strlen(k.mac)), k.mac);
  }
}

TEST_P(HashRowTest, HmacRfc2202AndRfc4231) {
  const ShaAlgRow& r = GetParam();
  size_t cases = 0;
  for (const HmacKat& k : kHmac) {
    HashAlgorithm alg = AlgByName(k.alg);
    if (alg != r.alg) continue;
    ++cases;
    SCOPED_TRACE(std::string(k.alg) + " " + k.mac);
    Bytes key = Hex(k.key), msg = Hex(k.msg);
    ctcrypto::Hmac one;
    ASSERT_TRUE(InitHmac(&one, alg, key, r.sha));
    one.update(msg);
    uint8_t out[64];
    ASSERT_EQ(one.finish(out), Status::kOk);
    const std::string got = ToHex(std::span<const uint8_t>(out, ctcrypto::hash_digest_len(alg)));
    EXPECT_EQ(got.substr(0, std::strlen(k.mac)), k.mac);
    // Streaming, byte by byte, and reuse of the key after reset().
    ctcrypto::Hmac h;
    ASSERT_TRUE(InitHmac(&h, alg, key, r.sha));
    for (int round = 0; round < 2; ++round) {
      for (uint8_t b : msg) h.update(std::span<const uint8_t>(&b, 1));
      uint8_t out2[64];
      ASSERT_EQ(h.finish(out2), Status::kOk);
      EXPECT_EQ(ToHex(std::span<const uint8_t>(out2, h.digest_len())), got);
      h.reset();
    }
  }
}

// The row against the portable row: random lengths (across several blocks
// and every padding case), random update splits, random HMAC keys of every
// length class (shorter than, equal to, longer than a block).
TEST_P(HashRowTest, RandomLengthsMatchPortable) {
  const ShaAlgRow& r = GetParam();
  const ShaRow* ref = ReferenceShaRow(r.alg);
  std::mt19937 rng(TestSeed() ^ static_cast<uint32_t>(AlgIndex(r.alg)));
  for (int iter = 0; iter < 300; ++iter) {
    const size_t len = iter < 260 ? static_cast<size_t>(iter) : rng() % 5000;
    Bytes m(len);
    for (auto& b : m) b = static_cast<uint8_t>(rng());
    ctcrypto::Hash a(r.alg), b(r.alg);
    ASSERT_TRUE(InitHash(&a, r.alg, r.sha));
    ASSERT_TRUE(InitHash(&b, r.alg, ref));
    for (size_t pos = 0; pos < len;) {
      const size_t n = std::min<size_t>(len - pos, rng() % 300);
      a.update(std::span<const uint8_t>(m.data() + pos, n));
      pos += n;
    }
    b.update(m);
    uint8_t x[64], y[64];
    ASSERT_EQ(a.finish(x), Status::kOk);
    ASSERT_EQ(b.finish(y), Status::kOk);
    ASSERT_EQ(ToHex(std::span<const uint8_t>(x, a.digest_len())),
              ToHex(std::span<const uint8_t>(y, b.digest_len())))
        << "len " << len;

    Bytes key(rng() % 300);
    for (auto& k : key) k = static_cast<uint8_t>(rng());
    ctcrypto::Hmac ha, hb;
    ASSERT_TRUE(InitHmac(&ha, r.alg, key, r.sha));
    ASSERT_TRUE(InitHmac(&hb, r.alg, key, ref));
    ha.update(m);
    hb.update(m);
    ASSERT_EQ(ha.finish(x), Status::kOk);
    ASSERT_EQ(hb.finish(y), Status::kOk);
    ASSERT_EQ(ToHex(std::span<const uint8_t>(x, ha.digest_len())),
              ToHex(std::span<const uint8_t>(y, hb.digest_len())))
        << "len " << len << " key " << key.size();
  }
}

CTCRYPTO_INSTANTIATE_SHA_ROWS(HashRowTest);

TEST(ShaTableTest, Rows) {
  using namespace ctcrypto::internal;  // NOLINT: Cap constants, tables
  for (HashAlgorithm alg : kAlgs) {
    SCOPED_TRACE(HashName(alg));
    const ShaFamily family = alg_of(alg).family;
    const std::vector<const ShaRow*> all = AllShaRows(alg);
    ASSERT_GE(all.size(), 1u);
    std::set<std::string> names;
    for (const ShaRow* b : all) {
      ASSERT_NE(b, nullptr);
      EXPECT_TRUE(names.insert(b->name).second) << "duplicate row " << b->name;
      EXPECT_EQ(b->family, family) << b->name;
      EXPECT_NE(b->compress, nullptr) << b->name;
      EXPECT_EQ(find_sha_row(family, b->name), b);
      EXPECT_EQ(ctcrypto::internal::hash_row_usable(alg, b),
                (b->required_caps & ~cpu_caps()) == 0)
          << b->name;
    }
    // The portable row ends every table and needs nothing.
    EXPECT_EQ(all.back(), ReferenceShaRow(alg));
    EXPECT_EQ(all.back()->required_caps, 0u);
    EXPECT_EQ(find_sha_row(family, "no-such-row"), nullptr);
    // The selected row is the first usable one; the default objects use it.
    const std::vector<const ShaRow*> usable = UsableShaRows(alg);
    ASSERT_FALSE(usable.empty());
    EXPECT_EQ(select_sha_row(family, cpu_caps()), usable.front());
    ctcrypto::Hash h(alg);
    EXPECT_STREQ(h.row_name(), usable.front()->name);
    // A row of another hash, and null, are refused.
    const HashAlgorithm other =
        alg == HashAlgorithm::kSha1 ? HashAlgorithm::kSha256
                                    : HashAlgorithm::kSha1;
    EXPECT_FALSE(ctcrypto::internal::hash_row_usable(
        alg, ReferenceShaRow(other)));
    EXPECT_EQ(ctcrypto::internal::init_with_rows(h, alg, ReferenceShaRow(other)),
              Status::kUnsupported);
    uint8_t out[64];
    EXPECT_EQ(h.finish(out), Status::kNotInitialized);
    ctcrypto::Hmac m;
    EXPECT_EQ(ctcrypto::internal::init_with_rows(m, alg, Str("k"), nullptr),
              Status::kUnsupported);
    EXPECT_EQ(m.finish(out), Status::kNotInitialized);
  }
}

// Every hardware row of the tables is usable and selected whenever the CPU
// (after CTCRYPTO_DISABLE) has its capabilities (which rows each build has
// is //tests:row_set_test's).
TEST(ShaTableTest, CompiledRowsAreListedAndChosen) {
  using namespace ctcrypto::internal;  // NOLINT: Cap constants, tables
  struct Expect {
    HashAlgorithm alg;
    const char* name;
    uint32_t cap;
  };
  std::vector<Expect> expected;
  for (HashAlgorithm alg : {HashAlgorithm::kSha1, HashAlgorithm::kSha256,
                            HashAlgorithm::kSha384, HashAlgorithm::kSha512}) {
    for (const ShaRow* row : sha_table(alg_of(alg).family)) {
      if (std::strcmp(row->name, "portable") != 0) {
        expected.push_back({alg, row->name, row->required_caps});
      }
    }
  }
  for (const Expect& e : expected) {
    SCOPED_TRACE(std::string(HashName(e.alg)) + " " + e.name);
    const ShaRow* row = find_sha_row(alg_of(e.alg).family, e.name);
    ASSERT_NE(row, nullptr) << "compiled row missing from its table";
    if ((cpu_caps() & e.cap) == e.cap) {
      EXPECT_TRUE(ctcrypto::internal::hash_row_usable(e.alg, row));
      // Selected unless an earlier row of the table runs here too (armv8
      // before neon on an ARMv8 core running 32-bit code).
      const ShaRow* chosen = select_sha_row(alg_of(e.alg).family, cpu_caps());
      bool chosen_first = chosen == row;
      for (const ShaRow* r : sha_table(alg_of(e.alg).family)) {
        if (r == row) break;
        if (r == chosen) chosen_first = true;
      }
      EXPECT_TRUE(chosen_first) << "selected " << chosen->name;
    }
  }
  std::printf("SHA hardware rows compiled: %zu\n", expected.size());
}

TEST(HmacTest, Errors) {
  ctcrypto::Hmac h;
  uint8_t out[64];
  EXPECT_EQ(h.finish(out), Status::kNotInitialized);
  ASSERT_EQ(h.init(HashAlgorithm::kSha256, Str("k")), Status::kOk);
  EXPECT_EQ(h.finish(std::span<uint8_t>(out, 31)), Status::kOutputTooSmall);
}

}  // namespace
}  // namespace ctcrypto_test
