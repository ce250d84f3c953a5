/* ribsd's BodyDigest (Sources/SessionService/Sessions/BodyDigest.swift), for bench/store-clone.py (via ctypes):
 * what `sessions.state_digest` holds for a state document. 24 bytes: the byte count, then two 64-bit lanes
 * (FNV-1a; add, multiply by SplitMix64's constant, xor-shift), each big-endian.
 *
 *   cc -O2 -shared -fPIC -o bench-bodydigest.so bench/bodydigest.c
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

static void put64(uint8_t *out, uint64_t word) {
    for (int i = 0; i < 8; i++) out[i] = (uint8_t)(word >> (56 - 8 * i));
}

void body_digest(const uint8_t *bytes, size_t count, uint8_t out[24]) {
    uint64_t first = 0xcbf29ce484222325ULL;
    uint64_t second = 0x9e3779b97f4a7c15ULL ^ (uint64_t)count;
    for (size_t i = 0; i < count; i++) {
        first = (first ^ bytes[i]) * 0x00000100000001b3ULL;
        second = (second + bytes[i] + 1) * 0xbf58476d1ce4e5b9ULL;
        second ^= second >> 31;
    }
    put64(out, (uint64_t)count);
    put64(out + 8, first);
    put64(out + 16, second);
}

/* The digests of `n` clones of `template` (`length` bytes): clone i is the template with the `id_length` bytes
 * at each of `offsets[0..<offset_count]` replaced by `ids[i * id_length ..< (i + 1) * id_length]`.
 * `out` takes 24 bytes per clone. Returns 0, or -1 when an offset does not fit. */
int clone_digests(const uint8_t *template, size_t length, const size_t *offsets, size_t offset_count,
                  const uint8_t *ids, size_t id_length, size_t n, uint8_t *out) {
    uint8_t buffer[1 << 16];
    if (length > sizeof buffer) return -1;
    for (size_t k = 0; k < offset_count; k++)
        if (offsets[k] + id_length > length) return -1;
    memcpy(buffer, template, length);
    for (size_t i = 0; i < n; i++) {
        for (size_t k = 0; k < offset_count; k++) memcpy(buffer + offsets[k], ids + i * id_length, id_length);
        body_digest(buffer, length, out + 24 * i);
    }
    return 0;
}
