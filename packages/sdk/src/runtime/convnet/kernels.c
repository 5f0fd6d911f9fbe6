// The arithmetic of idlens's convnet runtime (convnet-runtime.ts), compiled to wasm with SIMD:
//   clang --target=wasm32 -O3 -msimd128 -mbulk-memory -nostdlib (build-kernels.sh).
// No libc and no allocation: the caller lays out every buffer in the module's (imported) memory.
#include <wasm_simd128.h>

// Columns of a convolution's input, packed for `gemm`: panel p holds, for every k (input channel,
// kernel row, kernel column), the 8 output pixels p*8 .. p*8+7 (zeros past `n` and in the padding).
// Panels first_panel .. first_panel + panel_count - 1 only (a slice of the output at a time keeps the
// columns small), written panel by panel so that the writes are sequential.
__attribute__((export_name("im2col")))
void im2col(const float *src, int channels, int height, int width, int kh, int kw, int sh, int sw,
            int ph, int pw, int dh, int dw, int out_h, int out_w, int first_panel, int panel_count, float *dst) {
  const int n = out_h * out_w;
  float *out = dst;
  for (int p = first_panel; p < first_panel + panel_count; p++) {
    int top[8], left[8];
    for (int j = 0; j < 8; j++) {
      const int i = p * 8 + j;
      // A pixel past the end reads nothing: its row is put out of range.
      top[j] = i < n ? (i / out_w) * sh - ph : -1 - (kh - 1) * dh - height;
      left[j] = i < n ? (i % out_w) * sw - pw : 0;
    }
    for (int c = 0; c < channels; c++) {
      const float *plane = src + (long)c * height * width;
      for (int ky = 0; ky < kh; ky++) {
        for (int kx = 0; kx < kw; kx++) {
          for (int j = 0; j < 8; j++) {
            const int y = top[j] + ky * dh, x = left[j] + kx * dw;
            out[j] = (unsigned)y < (unsigned)height && (unsigned)x < (unsigned)width ? plane[(long)y * width + x] : 0.0f;
          }
          out += 8;
        }
      }
    }
  }
}

// What a convolution does to each of its sums before storing it (convolution.ts, `Epilogue`): the
// element-wise nodes that followed it in the graph, in their order and with their float operations,
// so that the results are theirs to the bit. All floats, so that the caller writes it as one array.
// With bit 16 of `steps`, a tensor of the output's shape is added before the activation (a residual
// connection); it lies `residual_delta` bytes on from the output, set before each run.
typedef struct {
  float pre_scale, pre_shift;    // x · pre_scale, then + pre_shift (each when its bit of `steps` is set: 1, 2)
  float activation;              // 0 none, 1 max(0, x), 2 hardswish as graphs spell it: x · clip(x + 3, 0, 6) / 6
  float post_scale, post_shift;  // then · post_scale, + post_shift (bits 4, 8)
  float steps;
  int residual_delta;
} epilogue_t;

// An epilogue as a kernel uses it, prepared once per call: its numbers splatted, its flags ints, and
// in the kernel's own locals (its stores cannot change them, so they stay in registers).
typedef struct {
  int steps, activation, residual_delta;
  v128_t pre_scale, pre_shift, post_scale, post_shift;
} finisher_t;

#define PREPARE_FINISHER(given)                                                                       \
  finisher_t finisher;                                                                                \
  const finisher_t *epilogue = 0;                                                                     \
  if (given) {                                                                                        \
    finisher = (finisher_t){(int)(given)->steps, (int)(given)->activation, (given)->residual_delta,  \
                            wasm_f32x4_splat((given)->pre_scale), wasm_f32x4_splat((given)->pre_shift), \
                            wasm_f32x4_splat((given)->post_scale), wasm_f32x4_splat((given)->post_shift)}; \
    epilogue = &finisher;                                                                             \
  }

static inline const float *residual_of(const float *out, const finisher_t *e) {
  return (const float *)((const char *)out + e->residual_delta);
}

// `res`: the 4 residual values of these outputs (bit 16).
__attribute__((always_inline)) static inline v128_t finish4(v128_t x, const finisher_t *e, const float *res) {
  if (e->steps == 0 && e->activation == 1) return wasm_f32x4_max(x, wasm_f32x4_splat(0.0f));  // the usual case
  if (e->steps & 1) x = wasm_f32x4_mul(x, e->pre_scale);
  if (e->steps & 2) x = wasm_f32x4_add(x, e->pre_shift);
  if (e->steps & 16) x = wasm_f32x4_add(x, wasm_v128_load(res));
  if (e->activation == 1) {
    x = wasm_f32x4_max(x, wasm_f32x4_splat(0.0f));
  } else if (e->activation == 2) {
    const v128_t t = wasm_f32x4_min(wasm_f32x4_splat(6.0f), wasm_f32x4_max(wasm_f32x4_splat(0.0f), wasm_f32x4_add(x, wasm_f32x4_splat(3.0f))));
    x = wasm_f32x4_div(wasm_f32x4_mul(x, t), wasm_f32x4_splat(6.0f));
  }
  if (e->steps & 4) x = wasm_f32x4_mul(x, e->post_scale);
  if (e->steps & 8) x = wasm_f32x4_add(x, e->post_shift);
  return x;
}

// The same for one output (a row's last ones).
__attribute__((always_inline)) static inline float finish1(float x, const finisher_t *e, const float *res) {
  v128_t v = wasm_f32x4_splat(x);
  float r[4] = {0};
  if (e->steps & 16) r[0] = *res;
  return wasm_f32x4_extract_lane(finish4(v, e, r), 0);
}

// The epilogue over `n` outputs stored one after another, four at a time.
__attribute__((always_inline)) static inline void finish_row(float *o, int n, const finisher_t *e) {
  int i = 0;
  for (; i + 4 <= n; i += 4) wasm_v128_store(o + i, finish4(wasm_v128_load(o + i), e, residual_of(o + i, e)));
  for (; i < n; i++) o[i] = finish1(o[i], e, residual_of(o + i, e));
}

// A 4×8 tile of out = bias + a × b: rows m0 .. m0+3 (those below m_count), the 8 columns at b; b's
// row k is `b_step` floats on from its row k − 1, or, given `koff`, at bp + koff[k]. Then the
// `epilogue`, when given; only the first `columns` (≤ 8) stored. Inlined with `koff` a constant 0 or not, so
// each caller's loop has no branch on it.
__attribute__((always_inline)) static inline void tile4x8(const float *ap, const float *bp, int b_step, const int *koff, int k_total,
                           const float *bias, int m0, int m_count, float *out, int ldc, int columns,
                           const finisher_t *epilogue) {
  v128_t acc[4][2];
  for (int r = 0; r < 4; r++) {
    const float bv = m0 + r < m_count && bias ? bias[m0 + r] : 0.0f;
    acc[r][0] = acc[r][1] = wasm_f32x4_splat(bv);
  }
  const float *row = bp;
  for (int k = 0; k < k_total; k++) {
    const float *b = koff ? bp + koff[k] : row;
    const v128_t b0 = wasm_v128_load(b), b1 = wasm_v128_load(b + 4);
    for (int r = 0; r < 4; r++) {
      const v128_t av = wasm_v128_load32_splat(ap + r);
      acc[r][0] = wasm_f32x4_add(acc[r][0], wasm_f32x4_mul(av, b0));
      acc[r][1] = wasm_f32x4_add(acc[r][1], wasm_f32x4_mul(av, b1));
    }
    row += b_step;
    ap += 4;
  }
  for (int r = 0; r < 4 && m0 + r < m_count; r++) {
    v128_t lo = acc[r][0], hi = acc[r][1];
    float *row = out + (long)(m0 + r) * ldc;
    if (epilogue) {
      const float *res = residual_of(row, epilogue);
      float partial[8];
      if (columns < 8 && ((int)epilogue->steps & 16)) {
        // A partial tile reads only its columns of the residual (the tensor may end there).
        for (int j = 0; j < 8; j++) partial[j] = j < columns ? res[j] : 0.0f;
        res = partial;
      }
      lo = finish4(lo, epilogue, res);
      hi = finish4(hi, epilogue, res + 4);
    }
    if (columns == 8) {
      wasm_v128_store(row, lo);
      wasm_v128_store(row + 4, hi);
    } else {
      float tail[8];
      wasm_v128_store(tail, lo);
      wasm_v128_store(tail + 4, hi);
      for (int j = 0; j < columns; j++) row[j] = tail[j];
    }
  }
}

// out[m][j] = bias[m] + sum_k a[m][k] * col[k][j] for m < m_count, j < n (row stride `ldc`),
// then the `epilogue` when given. `a` is packed 4 rows at a time (a[block][k][4], zero rows past
// m_count), `col` as `im2col` packs it.
__attribute__((export_name("gemm")))
void gemm(const float *a, const float *col, const float *bias, float *out, int m_count, int n, int k_total,
          int ldc, const epilogue_t *given_epilogue) {
  PREPARE_FINISHER(given_epilogue);
  const int panels = (n + 7) / 8, blocks = (m_count + 3) / 4;
  for (int p = 0; p < panels; p++) {
    const int columns = n - p * 8 < 8 ? n - p * 8 : 8;
    for (int b = 0; b < blocks; b++) {
      tile4x8(a + (long)b * k_total * 4, col + (long)p * k_total * 8, 8, 0, k_total, bias, b * 4, m_count, out + p * 8,
              ldc, columns, epilogue);
    }
  }
}

// Four outputs' inputs for one kernel tap: at `in`, `in + 1`, … for stride 1; at `in`, `in + 2`, …
// for stride 2 (the even lanes of 8 floats).
__attribute__((always_inline)) static inline v128_t tap4(const float *in, int sw) {
  if (sw == 1) return wasm_v128_load(in);
  return wasm_i32x4_shuffle(wasm_v128_load(in), wasm_v128_load(in + 4), 0, 2, 4, 6);
}

// `vectors` × 4 outputs of a depthwise row from `o` on, whose taps are all inside the row (the
// first's first input `x0` floats into it), summed in registers: bias, then each tap in order.
__attribute__((always_inline)) static inline void depthwise_vectors(const float *plane, const float *w, float b, float *o,
                                                                   int width, int kw, int sw, int x0, int top,
                                                                   int first_ky, int last_ky, int vectors,
                                                                   const finisher_t *epilogue) {
  v128_t acc[4];
  for (int v = 0; v < vectors; v++) acc[v] = wasm_f32x4_splat(b);
  for (int ky = first_ky; ky < last_ky; ky++) {
    const float *in = plane + (long)(top + ky) * width + x0;
    for (int kx = 0; kx < kw; kx++) {
      const v128_t wv = wasm_f32x4_splat(w[ky * kw + kx]);
      for (int v = 0; v < vectors; v++) acc[v] = wasm_f32x4_add(acc[v], wasm_f32x4_mul(wv, tap4(in + kx + v * 4 * sw, sw)));
    }
  }
  for (int v = 0; v < vectors; v++) {
    float *at = o + v * 4;
    wasm_v128_store(at, epilogue ? finish4(acc[v], epilogue, residual_of(at, epilogue)) : acc[v]);
  }
}

// One output row of a depthwise convolution of column stride `sw` (1 or 2), undilated: out[x] = b +
// the sum over the kernel rows first_ky .. last_ky − 1 (those inside the input) and columns of
// w[ky][kx] * row_ky[x·sw + kx − pw], a tap outside the row skipped. Columns first_inside ..
// last_inside have every tap inside (and, for stride 2, the float after the last one, which `tap4`
// reads): summed in registers sixteen at a time where they can, else four (each sum is a chain of
// dependent adds: four chains keep the adder busy). Inlined with kh, kw and sw constants, so the
// weights stay in registers. The others one at a time; either way the same sums in the same order
// as `depthwise_generic`.
__attribute__((always_inline)) static inline void depthwise_row(const float *plane, const float *w, float b, float *orow,
                                                               int width, int kh, int kw, int sw, int pw, int out_w,
                                                               int top, int first_ky, int last_ky,
                                                               const finisher_t *epilogue) {
  const int first_inside = (pw + sw - 1) / sw;
  const int last_input = width - kw + pw - (sw - 1);  // the last inside output's first input, times sw
  const int last_inside = last_input < 0 ? -1 : last_input / sw < out_w - 1 ? last_input / sw : out_w - 1;
  for (int ox = 0; ox < out_w; ox++) {
    if (ox == first_inside) {
      for (; ox + 15 <= last_inside; ox += 16)
        depthwise_vectors(plane, w, b, orow + ox, width, kw, sw, ox * sw - pw, top, first_ky, last_ky, 4, epilogue);
      for (; ox + 3 <= last_inside; ox += 4)
        depthwise_vectors(plane, w, b, orow + ox, width, kw, sw, ox * sw - pw, top, first_ky, last_ky, 1, epilogue);
      if (ox >= out_w) break;
    }
    float sum = b;
    for (int ky = first_ky; ky < last_ky; ky++) {
      const float *in = plane + (long)(top + ky) * width;
      for (int kx = 0; kx < kw; kx++) {
        const int x = ox * sw + kx - pw;
        if (x >= 0 && x < width) sum += w[ky * kw + kx] * in[x];
      }
    }
    orow[ox] = epilogue ? finish1(sum, epilogue, residual_of(orow + ox, epilogue)) : sum;
  }
}

// A depthwise convolution of strides 1 or 2, undilated, row by row (`depthwise_row`).
__attribute__((always_inline)) static inline void depthwise_rows(const float *src, const float *weights, const float *bias,
                                                                float *out, int channels, int height, int width, int kh,
                                                                int kw, int sh, int sw, int ph, int pw, int out_h,
                                                                int out_w, int first_row, int row_count,
                                                                const finisher_t *epilogue) {
  for (int c = 0; c < channels; c++) {
    const float *plane = src + (long)c * height * width;
    const float *w = weights + (long)c * kh * kw;
    const float b = bias ? bias[c] : 0.0f;
    for (int oy = first_row; oy < first_row + row_count; oy++) {
      const int top = oy * sh - ph;
      const int first_ky = top < 0 ? -top : 0, last_ky = height - top < kh ? height - top : kh;
      depthwise_row(plane, w, b, out + ((long)c * out_h + oy) * out_w, width, kh, kw, sw, pw, out_w, top, first_ky,
                    last_ky, epilogue);
    }
  }
}

// Any other depthwise convolution: each kernel tap added to a whole output row at a time.
static void depthwise_generic(const float *src, const float *weights, const float *bias, float *out, int channels,
                              int height, int width, int kh, int kw, int sh, int sw, int ph, int pw, int dh, int dw,
                              int out_h, int out_w, int first_row, int row_count, const finisher_t *epilogue) {
  for (int c = 0; c < channels; c++) {
    const float *plane = src + (long)c * height * width;
    const float *w = weights + (long)c * kh * kw;
    float *o = out + (long)c * out_h * out_w;
    const float b = bias ? bias[c] : 0.0f;
    for (int oy = first_row; oy < first_row + row_count; oy++) {
      for (int ox = 0; ox < out_w; ox++) o[(long)oy * out_w + ox] = b;
      for (int ky = 0; ky < kh; ky++) {
        const int y = oy * sh - ph + ky * dh;
        if (y < 0 || y >= height) continue;
        const float *row = plane + (long)y * width;
        for (int kx = 0; kx < kw; kx++) {
          const float wv = w[ky * kw + kx];
          const int shift = kx * dw - pw;
          // Output columns whose input column is inside the row.
          int first = shift < 0 ? (-shift + sw - 1) / sw : 0;
          int last = (width - 1 - shift) / sw;  // inclusive
          if (width - 1 - shift < 0) continue;
          if (last > out_w - 1) last = out_w - 1;
          float *orow = o + (long)oy * out_w;
          if (sw == 1) {
            for (int ox = first; ox <= last; ox++) orow[ox] += wv * row[ox + shift];
          } else {
            for (int ox = first; ox <= last; ox++) orow[ox] += wv * row[ox * sw + shift];
          }
        }
      }
      if (epilogue) {
        float *orow = o + (long)oy * out_w;
        finish_row(orow, out_w, epilogue);
      }
    }
  }
}

// A depthwise convolution (one input channel per output channel), straight from the input planes:
// out[c] = bias[c] + sum over the kernel of w[c][ky][kx] * in[c][y][x], then the `epilogue` when given;
// output rows first_row .. first_row + row_count − 1 of every channel (a slice: threads split a layer
// by rows, as the 1×1 convolution after it by pixels, so each thread reads what it wrote).
// 3×3 and 5×5 (MobileNet's, BlazeFace's, PP-OCR's), undilated, column stride 1 or 2: summed in
// registers, each size its own code; any other, tap by tap (`depthwise_generic`).
__attribute__((export_name("depthwise")))
void depthwise(const float *src, const float *weights, const float *bias, float *out, int channels, int height,
               int width, int kh, int kw, int sh, int sw, int ph, int pw, int dh, int dw, int out_h, int out_w,
               int first_row, int row_count, const epilogue_t *given_epilogue) {
  PREPARE_FINISHER(given_epilogue);
  if (dh != 1 || dw != 1 || (sw != 1 && sw != 2) || kh != kw || (kh != 3 && kh != 5)) {
    depthwise_generic(src, weights, bias, out, channels, height, width, kh, kw, sh, sw, ph, pw, dh, dw, out_h, out_w,
                      first_row, row_count, epilogue);
    return;
  }
#define DEPTHWISE_ROWS(K, SW) \
  depthwise_rows(src, weights, bias, out, channels, height, width, K, K, sh, SW, ph, pw, out_h, out_w, first_row, \
                 row_count, epilogue)
  if (kh == 3 && sw == 1) DEPTHWISE_ROWS(3, 1);
  else if (kh == 3) DEPTHWISE_ROWS(3, 2);
  else if (sw == 1) DEPTHWISE_ROWS(5, 1);
  else DEPTHWISE_ROWS(5, 2);
#undef DEPTHWISE_ROWS
}

// One kernel tap of a ConvTranspose whose kernel equals its stride: tap[c][y][x] goes to
// out[c][y*kh + dy][x*kw + dx].
__attribute__((export_name("scatter_tap")))
void scatter_tap(const float *tap, float *out, int channels, int height, int width, int kh, int kw, int dy, int dx) {
  const int out_w = width * kw, out_h = height * kh;
  for (int c = 0; c < channels; c++) {
    const float *from = tap + (long)c * height * width;
    float *plane = out + (long)c * out_h * out_w;
    for (int y = 0; y < height; y++) {
      float *row = plane + (long)(y * kh + dy) * out_w + dx;
      const float *src = from + (long)y * width;
      for (int x = 0; x < width; x++) row[x * kw] = src[x];
    }
  }
}

// exp(x) for |x| ≤ 87 to about 1 ulp: x = k·ln2 + r with |r| ≤ ln2/2, exp(r) by its Taylor series to r^7
// (error below 1e-8), 2^k from the exponent bits.
static inline v128_t exp4(v128_t x) {
  const v128_t k = wasm_f32x4_nearest(wasm_f32x4_mul(x, wasm_f32x4_splat(1.44269504088896341f)));
  v128_t r = wasm_f32x4_sub(x, wasm_f32x4_mul(k, wasm_f32x4_splat(0.693145751953125f)));
  r = wasm_f32x4_sub(r, wasm_f32x4_mul(k, wasm_f32x4_splat(1.428606765330187e-06f)));
  v128_t p = wasm_f32x4_splat(1.0f / 5040.0f);
  p = wasm_f32x4_add(wasm_f32x4_mul(p, r), wasm_f32x4_splat(1.0f / 720.0f));
  p = wasm_f32x4_add(wasm_f32x4_mul(p, r), wasm_f32x4_splat(1.0f / 120.0f));
  p = wasm_f32x4_add(wasm_f32x4_mul(p, r), wasm_f32x4_splat(1.0f / 24.0f));
  p = wasm_f32x4_add(wasm_f32x4_mul(p, r), wasm_f32x4_splat(1.0f / 6.0f));
  p = wasm_f32x4_add(wasm_f32x4_mul(p, r), wasm_f32x4_splat(0.5f));
  p = wasm_f32x4_add(wasm_f32x4_mul(p, r), wasm_f32x4_splat(1.0f));
  p = wasm_f32x4_add(wasm_f32x4_mul(p, r), wasm_f32x4_splat(1.0f));
  const v128_t scale = wasm_i32x4_shl(wasm_i32x4_add(wasm_i32x4_trunc_sat_f32x4(k), wasm_i32x4_splat(127)), 23);
  return wasm_f32x4_mul(p, scale);
}

// out[i] = 1 / (1 + exp(−in[i])), inputs clamped to ±87 (the result is then 0 or 1 in float anyway).
__attribute__((export_name("sigmoid")))
void sigmoid(const float *in, float *out, int n) {
  const v128_t lo = wasm_f32x4_splat(-87.0f), hi = wasm_f32x4_splat(87.0f), one = wasm_f32x4_splat(1.0f);
  int i = 0;
  for (; i + 4 <= n; i += 4) {
    v128_t x = wasm_f32x4_min(wasm_f32x4_max(wasm_v128_load(in + i), lo), hi);
    wasm_v128_store(out + i, wasm_f32x4_div(one, wasm_f32x4_add(one, exp4(wasm_f32x4_neg(x)))));
  }
  for (; i < n; i++) {
    float tail[4] = {in[i], 0, 0, 0};
    v128_t x = wasm_f32x4_min(wasm_f32x4_max(wasm_v128_load(tail), lo), hi);
    wasm_v128_store(tail, wasm_f32x4_div(one, wasm_f32x4_add(one, exp4(wasm_f32x4_neg(x)))));
    out[i] = tail[0];
  }
}

// Element-wise arithmetic, `op` 0 add, 1 multiply, 2 divide: out[i] = a[i] ∘ b[i].
__attribute__((export_name("binary")))
void binary(int op, const float *a, const float *b, float *out, int n) {
  int i = 0;
  for (; i + 4 <= n; i += 4) {
    const v128_t x = wasm_v128_load(a + i), y = wasm_v128_load(b + i);
    wasm_v128_store(out + i, op == 0 ? wasm_f32x4_add(x, y) : op == 1 ? wasm_f32x4_mul(x, y) : wasm_f32x4_div(x, y));
  }
  for (; i < n; i++) out[i] = op == 0 ? a[i] + b[i] : op == 1 ? a[i] * b[i] : a[i] / b[i];
}

// The same with one operand the same value v throughout: out[i] = a[i] ∘ v, or v ∘ a[i] when `v_first`.
__attribute__((export_name("binary_scalar")))
void binary_scalar(int op, const float *a, float v, int v_first, float *out, int n) {
  const v128_t s = wasm_f32x4_splat(v);
  int i = 0;
  for (; i + 4 <= n; i += 4) {
    const v128_t x = wasm_v128_load(a + i);
    wasm_v128_store(out + i, op == 0   ? wasm_f32x4_add(x, s)
                             : op == 1 ? wasm_f32x4_mul(x, s)
                             : v_first ? wasm_f32x4_div(s, x)
                                       : wasm_f32x4_div(x, s));
  }
  for (; i < n; i++) out[i] = op == 0 ? a[i] + v : op == 1 ? a[i] * v : v_first ? v / a[i] : a[i] / v;
}

// out[i] = min(hi, max(lo, a[i])) (a ReLU with lo 0 and hi +∞).
__attribute__((export_name("clip")))
void clip(const float *a, float *out, int n, float lo, float hi) {
  const v128_t l = wasm_f32x4_splat(lo), h = wasm_f32x4_splat(hi);
  int i = 0;
  for (; i + 4 <= n; i += 4) wasm_v128_store(out + i, wasm_f32x4_min(h, wasm_f32x4_max(l, wasm_v128_load(a + i))));
  for (; i < n; i++) out[i] = a[i] < lo ? lo : a[i] > hi ? hi : a[i];
}

// Whether the rows of a panel read in place — row k at `koff[k]` floats from the panel's corner, or
// k × `ldb` without koff, 8 floats each — would leave the first-level cache (48 KiB, 12 ways of 64
// sets of 64-byte lines here; 32 KiB, 8 ways on many others) before the next block of 4 output
// channels reads them again, so that copying each panel first (`copy_panel`) pays: more than
// `per_set` of their lines in one set (a tensor's planes or rows a power of two apart all fall in
// one), or more than 448 lines (28 KiB) in all. `koff` ascends, so a line that neighbouring rows
// share is counted once. The limits were measured on the shipped models, one thread in Node, against
// the kernels without the copy: a 1×1 convolution's rows (never sharing a line) pay from 8 in a set;
// a 3×3's (rows of one channel sharing lines) only from 16 (at 8 the text detector's 64-channel
// layer lost 3 %).
static int rows_leave_cache(const int *koff, int ldb, int k_total, int per_set) {
  unsigned char lines_in_set[64] = {0};
  long counted = -1;
  int lines = 0;
  for (int k = 0; k < k_total; k++) {
    // A row of `koff` lies wherever the panel starts, so it is counted across two lines; a row of
    // `ldb` starts a panel's 32 bytes, inside one.
    const long from = (koff ? (long)koff[k] : (long)k * ldb) * 4, to = from + (koff ? 63 : 31);
    for (long line = from >> 6; line <= to >> 6; line++) {
      if (line <= counted) continue;
      counted = line;
      if (++lines_in_set[line & 63] > per_set || ++lines > 448) return 1;
    }
  }
  return 0;
}

// A panel's 8 columns copied from where they lie into `panel`, one row of 8 after another, then read
// from there by every block: row k at `koff[k]` floats from `corner` (or k × ldb without koff), its
// 8 floats side by side for column stride 1, every other float of 16 for stride 2 (`tap4`).
static void copy_panel(const float *corner, const int *koff, int ldb, int k_total, int sw, float *panel) {
  for (int k = 0; k < k_total; k++) {
    const float *row = corner + (koff ? (long)koff[k] : (long)k * ldb);
    wasm_v128_store(panel + k * 8, tap4(row, sw));
    wasm_v128_store(panel + k * 8 + 4, tap4(row + 4 * sw, sw));
  }
}

// `gemm` with the columns read straight from a [k_total][ldb] row-major matrix (a 1×1 convolution's
// input, stride 1, no padding: its columns are the input itself), for the first `n` columns, n a
// multiple of 8. Where its rows would leave the cache between blocks (`rows_leave_cache`), each panel is
// first copied into `scratch` (8 × k_total floats).
__attribute__((export_name("gemm_rows")))
void gemm_rows(const float *a, const float *b, const float *bias, float *out, int m_count, int n, int k_total,
               int ldb, int ldc, const epilogue_t *given_epilogue, float *scratch) {
  PREPARE_FINISHER(given_epilogue);
  const int blocks = (m_count + 3) / 4;
  const int copied = blocks > 1 && rows_leave_cache(0, ldb, k_total, 8);
  for (int p = 0; p < n / 8; p++) {
    if (copied) copy_panel(b + p * 8, 0, ldb, k_total, 1, scratch);
    const float *panel = copied ? scratch : b + p * 8;
    const int step = copied ? 8 : ldb;
    for (int blk = 0; blk < blocks; blk++)
      tile4x8(a + (long)blk * k_total * 4, panel, step, 0, k_total, bias, blk * 4, m_count, out + p * 8, ldc, 8, epilogue);
  }
}

// Max pooling of `planes` height×width planes, unpadded and undilated: each output the largest of its
// kh×kw window, taken as `best = v > best ? v : best` from −∞ in row-major order (a NaN is passed over),
// as the JavaScript it replaces did. 2×2 windows of stride 2 (BlazeFace's shortcuts) and windows one
// column wide with column stride 1 (the line readers' 2×1) four at a time: pmax is that same
// comparison, lane by lane.
__attribute__((export_name("max_pool")))
void max_pool(const float *src, float *out, int planes, int height, int width, int kh, int kw, int sh, int sw,
              int out_h, int out_w) {
  const v128_t lowest = wasm_f32x4_splat(-__builtin_inff());
  for (int p = 0; p < planes; p++) {
    const float *plane = src + (long)p * height * width;
    for (int y = 0; y < out_h; y++) {
      float *o = out + ((long)p * out_h + y) * out_w;
      int x = 0;
      if (kh == 2 && kw == 2 && sh == 2 && sw == 2) {
        const float *top = plane + (long)y * 2 * width, *bottom = top + width;
        for (; x + 4 <= out_w; x += 4) {
          const v128_t t0 = wasm_v128_load(top + x * 2), t1 = wasm_v128_load(top + x * 2 + 4);
          const v128_t b0 = wasm_v128_load(bottom + x * 2), b1 = wasm_v128_load(bottom + x * 2 + 4);
          v128_t best = wasm_f32x4_pmax(lowest, wasm_i32x4_shuffle(t0, t1, 0, 2, 4, 6));
          best = wasm_f32x4_pmax(best, wasm_i32x4_shuffle(t0, t1, 1, 3, 5, 7));
          best = wasm_f32x4_pmax(best, wasm_i32x4_shuffle(b0, b1, 0, 2, 4, 6));
          best = wasm_f32x4_pmax(best, wasm_i32x4_shuffle(b0, b1, 1, 3, 5, 7));
          wasm_v128_store(o + x, best);
        }
      } else if (kw == 1 && sw == 1) {
        for (; x + 4 <= out_w; x += 4) {
          v128_t best = lowest;
          for (int dy = 0; dy < kh; dy++) best = wasm_f32x4_pmax(best, wasm_v128_load(plane + (long)(y * sh + dy) * width + x));
          wasm_v128_store(o + x, best);
        }
      }
      for (; x < out_w; x++) {
        float best = -__builtin_inff();
        for (int dy = 0; dy < kh; dy++) {
          const float *row = plane + (long)(y * sh + dy) * width + x * sw;
          for (int dx = 0; dx < kw; dx++) best = row[dx] > best ? row[dx] : best;
        }
        o[x] = best;
      }
    }
  }
}

// Nearest-neighbour upsampling of `planes` height×width planes to out_h×out_w, added to `y` (of the
// output's shape) when `add` is set: output row r of a plane repeats source row min(height − 1,
// ⌊r / scale_h⌋) (in double precision, as the JavaScript it replaces), its column c source column
// columns[c].
__attribute__((export_name("upsample")))
void upsample(const float *x, const int *columns, int add, const float *y, float *out, int planes, int height,
              int width, int out_h, int out_w, double scale_h) {
  for (int p = 0; p < planes; p++) {
    for (int r = 0; r < out_h; r++) {
      int source = (int)(r / scale_h);
      if (source > height - 1) source = height - 1;
      const float *row = x + ((long)p * height + source) * width;
      const long o = ((long)p * out_h + r) * out_w;
      if (add)
        for (int c = 0; c < out_w; c++) out[o + c] = y[o + c] + row[columns[c]];
      else
        for (int c = 0; c < out_w; c++) out[o + c] = row[columns[c]];
    }
  }
}

// The panels first_panel .. first_panel + panel_count − 1 of a convolution's output (8 pixels each,
// m_count output channels). A panel inside the padding (its corner in rows inside_top ..
// inside_bottom, columns inside_left .. inside_right; an empty range when none is) of a convolution
// of column stride 1, undilated, whose output rows are whole panels, reads its columns straight from
// the input, an im2col without the copy: for output pixels x .. x+7 of row y, input channel c, kernel
// row ky and column kx, in[c][y·sh + ky − ph][x + kx − pw .. +7], side by side; koff[k] is that row's
// offset from in[0][y·sh − ph][x − pw], for k in the weights' order (c, ky, kx) — or copies them first
// where they would leave the cache (`rows_leave_cache`). Of column stride 2, it copies every other
// float of them (`copy_panel`). Any other panel is packed alone into `scratch` (8 × k_total floats)
// as `im2col` packs it. Each is then multiplied as `gemm` does: the same sums in the same order either
// way. One call per slice of a convolution (kernel-threads.ts), so a slice needs no run-by-run
// hand-over between inside and edge panels.
__attribute__((export_name("conv_panels")))
void conv_panels(const float *a, const float *src, const int *koff, const float *bias, float *out, int m_count,
                 int channels, int height, int width, int kh, int kw, int sh, int sw, int ph, int pw, int dh, int dw,
                 int out_h, int out_w, int inside_top, int inside_bottom, int inside_left, int inside_right,
                 int first_panel, int panel_count, float *scratch, const epilogue_t *given_epilogue) {
  PREPARE_FINISHER(given_epilogue);
  const int n = out_h * out_w, k_total = channels * kh * kw, blocks = (m_count + 3) / 4;
  // Inside panels are copied first too where their rows would leave the cache between blocks.
  const int copied = blocks > 1 && inside_top <= inside_bottom && rows_leave_cache(koff, 0, k_total, 16);
  for (int p = first_panel; p < first_panel + panel_count; p++) {
    const int y = p * 8 / out_w, x = p * 8 % out_w;
    if (y >= inside_top && y <= inside_bottom && x >= inside_left && x <= inside_right) {
      const float *corner = src + (long)(y * sh - ph) * width + (x * sw - pw);
      if (sw == 1 && !copied) {
        for (int blk = 0; blk < blocks; blk++)
          tile4x8(a + (long)blk * k_total * 4, corner, 0, koff, k_total, bias, blk * 4, m_count, out + p * 8, n, 8, epilogue);
        continue;
      }
      copy_panel(corner, koff, 0, k_total, sw, scratch);
    } else {
      im2col(src, channels, height, width, kh, kw, sh, sw, ph, pw, dh, dw, out_h, out_w, p, 1, scratch);
    }
    const int columns = n - p * 8 < 8 ? n - p * 8 : 8;
    for (int blk = 0; blk < blocks; blk++)
      tile4x8(a + (long)blk * k_total * 4, scratch, 8, 0, k_total, bias, blk * 4, m_count, out + p * 8, n, columns, epilogue);
  }
}
