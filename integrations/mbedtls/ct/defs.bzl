"""What the Mbed TLS constant-time driver (BUILD.bazel) and the stock-vs-ALT
benchmark (../bench) build Mbed TLS from."""

# The Mbed TLS sources the driver's calls reach: the block cipher modes, the
# cipher layer that CMAC and key wrap sit on, and what the cipher layer's
# table links.
MBEDTLS_CT_SOURCES = ["@mbedtls//:library/" + f for f in [
    "aes.c",
    "aesce.c",
    "aesni.c",
    "aria.c",
    "camellia.c",
    "ccm.c",
    "chacha20.c",
    "chachapoly.c",
    "cipher.c",
    "cipher_wrap.c",
    "cmac.c",
    "constant_time.c",
    "des.c",
    "gcm.c",
    "nist_kw.c",
    "padlock.c",
    "platform.c",
    "platform_util.c",
    "poly1305.c",
]]

# The stock build replaces the overlay's configuration (the ALT one, from
# @mbedtls//:config's defines) with stock_sw_config.h: -U then -D, after
# the defines on the compiler's command line.
STOCK_SW_COPTS = [
    "-UMBEDTLS_USER_CONFIG_FILE",
    "-DMBEDTLS_USER_CONFIG_FILE=\\\"stock_sw_config.h\\\"",
    "-Iintegrations/mbedtls/ct",
]
