/* A C program running ahead-of-time compiled kernels (test_aot.py builds it
 * against the linked add.h, matmul.h, scale_shift.h and gather_rows.h). Checks every
 * output element against a reference computed here; before each launch it
 * names the case on stderr ("case: ..."), so that with
 * TRITON_SPIRV_TRACE_LAUNCHES=1 the test sees which specialization ran.
 * Exit status: 0 all passed, 1 a check failed, 2 a runtime call failed. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "add.h"
#include "matmul.h"
#include "scale_shift.h"
#include "gather_rows.h"

#define CHECK(call)                                                            \
  do {                                                                         \
    TritonSpirvResult result_ = (call);                                        \
    if (result_ != TRITON_SPIRV_SUCCESS) {                                     \
      fprintf(stderr, "%s:%d: %s: %s: %s\n", __FILE__, __LINE__, #call,       \
              triton_spirv_result_name(result_), triton_spirv_last_error());  \
      exit(2);                                                                 \
    }                                                                          \
  } while (0)

static int failures = 0;

static void expect(const char *what, int ok) {
  printf("%s %s\n", ok ? "PASS" : "FAIL", what);
  if (!ok)
    failures++;
}

static void announce(const char *name) {
  fprintf(stderr, "case: %s\n", name);
  fflush(stderr);
}

/* Uniform in [-1, 1), never all zero. */
static uint32_t seed = 20261125u;
static float random_float(void) {
  seed = seed * 1664525u + 1013904223u;
  return (float)(seed >> 8) / 8388608.0f - 1.0f;
}

typedef struct {
  TritonSpirvBuffer buffer;
  uint64_t address;
} DeviceArray;

static DeviceArray device_array(TritonSpirvContext context, uint64_t bytes) {
  DeviceArray array;
  CHECK(triton_spirv_buffer_create(context, bytes, TRITON_SPIRV_BUFFER_DEVICE_LOCAL,
                                   &array.buffer));
  CHECK(triton_spirv_buffer_address(array.buffer, &array.address));
  return array;
}

static float *random_floats(size_t n) {
  float *values = malloc(n * sizeof(float));
  for (size_t i = 0; i < n; ++i)
    values[i] = random_float();
  return values;
}

static void fill_nan(DeviceArray array, size_t n) {
  float *nan_values = malloc(n * sizeof(float));
  for (size_t i = 0; i < n; ++i)
    nan_values[i] = NAN;
  CHECK(triton_spirv_buffer_write(array.buffer, 0, nan_values, n * sizeof(float)));
  free(nan_values);
}

static int python_is_loaded(void) {
  char line[4096];
  int found = 0;
  FILE *maps = fopen("/proc/self/maps", "r");
  if (!maps)
    return 0;
  while (fgets(line, sizeof line, maps))
    if (strstr(line, "libpython"))
      found = 1;
  fclose(maps);
  return found;
}

/* out = x + y on n elements starting `offset` elements into the arrays. */
static void check_add(TritonSpirvStream stream, TritonSpirvContext context,
                      const char *name, int32_t n, uint64_t offset) {
  size_t total = (size_t)n + offset;
  float *x = random_floats(total), *y = random_floats(total);
  float *out = malloc(total * sizeof(float));
  DeviceArray dx = device_array(context, total * 4), dy = device_array(context, total * 4),
              dout = device_array(context, total * 4);
  CHECK(triton_spirv_buffer_write(dx.buffer, 0, x, total * 4));
  CHECK(triton_spirv_buffer_write(dy.buffer, 0, y, total * 4));
  fill_nan(dout, total);
  announce(name);
  CHECK(add_default(stream, dx.address + 4 * offset, dy.address + 4 * offset,
                    dout.address + 4 * offset, n));
  CHECK(triton_spirv_stream_synchronize(stream));
  CHECK(triton_spirv_buffer_read(dout.buffer, 0, out, total * 4));
  int ok = 1;
  for (size_t i = offset; i < total; ++i)
    ok &= out[i] == x[i] + y[i];
  for (size_t i = 0; i < offset; ++i)
    ok &= isnan(out[i]); /* nothing before the range written */
  expect(name, ok);
  triton_spirv_buffer_destroy(dx.buffer);
  triton_spirv_buffer_destroy(dy.buffer);
  triton_spirv_buffer_destroy(dout.buffer);
  free(x);
  free(y);
  free(out);
}

/* The same add on host memory the device imports (zero copy). */
static void check_add_host_memory(TritonSpirvStream stream, TritonSpirvContext context) {
  const int32_t n = 4096;
  float *x = aligned_alloc(4096, n * 4), *y = aligned_alloc(4096, n * 4),
        *out = aligned_alloc(4096, n * 4);
  for (int32_t i = 0; i < n; ++i) {
    x[i] = random_float();
    y[i] = random_float();
    out[i] = NAN;
  }
  uint64_t ax, ay, aout;
  TritonSpirvResult result = triton_spirv_host_address(context, x, n * 4, &ax);
  if (result == TRITON_SPIRV_ERROR_UNSUPPORTED) {
    printf("SKIP add on host memory: %s\n", triton_spirv_last_error());
  } else {
    CHECK(result);
    CHECK(triton_spirv_host_address(context, y, n * 4, &ay));
    CHECK(triton_spirv_host_address(context, out, n * 4, &aout));
    announce("add host memory");
    CHECK(add_default(stream, ax, ay, aout, n));
    CHECK(triton_spirv_stream_synchronize(stream));
    int ok = 1;
    for (int32_t i = 0; i < n; ++i)
      ok &= out[i] == x[i] + y[i];
    expect("add host memory", ok);
  }
  free(x);
  free(y);
  free(out);
}

static void check_matmul(TritonSpirvStream stream, TritonSpirvContext context, int algo) {
  const int32_t M = 70, N = 50, K = 40;
  float *a = random_floats((size_t)M * K), *b = random_floats((size_t)K * N);
  float *c = malloc((size_t)M * N * 4);
  DeviceArray da = device_array(context, (size_t)M * K * 4),
              db = device_array(context, (size_t)K * N * 4),
              dc = device_array(context, (size_t)M * N * 4);
  CHECK(triton_spirv_buffer_write(da.buffer, 0, a, (size_t)M * K * 4));
  CHECK(triton_spirv_buffer_write(db.buffer, 0, b, (size_t)K * N * 4));
  fill_nan(dc, (size_t)M * N);
  char name[64];
  snprintf(name, sizeof name, "matmul algo %d", algo);
  announce(name);
  CHECK(matmul(stream, da.address, db.address, dc.address, M, N, K, K, N, N, algo));
  CHECK(triton_spirv_buffer_read(dc.buffer, 0, c, (size_t)M * N * 4));
  double worst = 0;
  int written = 1;
  for (int32_t i = 0; i < M; ++i)
    for (int32_t j = 0; j < N; ++j) {
      double reference = 0;
      for (int32_t k = 0; k < K; ++k)
        reference += (double)a[i * K + k] * b[k * N + j];
      written &= !isnan(c[i * N + j]);
      worst = fmax(worst, fabs(c[i * N + j] - reference));
    }
  expect(name, written && worst < 1e-4);
  triton_spirv_buffer_destroy(da.buffer);
  triton_spirv_buffer_destroy(db.buffer);
  triton_spirv_buffer_destroy(dc.buffer);
  free(a);
  free(b);
  free(c);
}

/* Scalar arguments: fp32, int64 beyond 32 bits, fp16, and an int flag. */
static void check_scale_shift(TritonSpirvStream stream, TritonSpirvContext context, int32_t flag) {
  const int32_t n = 777;
  const float alpha = 1.75f, half_bias = 0.375f; /* exact in fp16 */
  const int64_t shift = 5000000000LL + flag;
  float *x = random_floats(n), *out = malloc(n * 4);
  int64_t *index = malloc(n * 8), *index_out = malloc(n * 8);
  for (int32_t i = 0; i < n; ++i)
    index[i] = (int64_t)(random_float() * 1e9) * 7;
  DeviceArray dx = device_array(context, n * 4), dout = device_array(context, n * 4),
              di = device_array(context, n * 8), dio = device_array(context, n * 8);
  CHECK(triton_spirv_buffer_write(dx.buffer, 0, x, n * 4));
  CHECK(triton_spirv_buffer_write(di.buffer, 0, index, n * 8));
  fill_nan(dout, n);
  fill_nan(dio, 2 * (size_t)n);
  char name[64];
  snprintf(name, sizeof name, "scale_shift flag %d", flag);
  announce(name);
  CHECK(scale_shift_default(stream, dx.address, dout.address, di.address, dio.address, alpha,
                            shift, half_bias, flag, n));
  CHECK(triton_spirv_buffer_read(dout.buffer, 0, out, n * 4));
  CHECK(triton_spirv_buffer_read(dio.buffer, 0, index_out, n * 8));
  int ok = 1;
  for (int32_t i = 0; i < n; ++i) {
    float expected = flag ? x[i] * alpha + half_bias : -x[i] * alpha;
    ok &= fabsf(out[i] - expected) <= 1e-6f * (1 + fabsf(expected));
    ok &= index_out[i] == index[i] + shift;
  }
  expect(name, ok);
  triton_spirv_buffer_destroy(dx.buffer);
  triton_spirv_buffer_destroy(dout.buffer);
  triton_spirv_buffer_destroy(di.buffer);
  triton_spirv_buffer_destroy(dio.buffer);
  free(x);
  free(out);
  free(index);
  free(index_out);
}

/* A kernel reading pointers from a table in device memory (the addresses of
 * three arrays): C callers hold Vulkan addresses, so the kernel's address
 * map stays empty. */
static void check_gather_rows(TritonSpirvStream stream, TritonSpirvContext context) {
  const int32_t n = 100, rows = 3;
  DeviceArray sources[3], table = device_array(context, rows * 8),
                          dout = device_array(context, (uint64_t)rows * n * 4);
  float *values[3], *out = malloc((size_t)rows * n * 4);
  uint64_t addresses[3];
  for (int r = 0; r < rows; ++r) {
    values[r] = random_floats(n);
    sources[r] = device_array(context, n * 4);
    CHECK(triton_spirv_buffer_write(sources[r].buffer, 0, values[r], n * 4));
    addresses[r] = sources[r].address;
  }
  CHECK(triton_spirv_buffer_write(table.buffer, 0, addresses, sizeof addresses));
  fill_nan(dout, (size_t)rows * n);
  announce("gather_rows through a pointer table");
  CHECK(gather_rows_default(stream, table.address, dout.address, n));
  CHECK(triton_spirv_buffer_read(dout.buffer, 0, out, (size_t)rows * n * 4));
  int ok = 1;
  for (int r = 0; r < rows; ++r)
    for (int32_t i = 0; i < n; ++i)
      ok &= out[r * n + i] == values[r][i];
  expect("gather_rows through a pointer table", ok);
  for (int r = 0; r < rows; ++r) {
    triton_spirv_buffer_destroy(sources[r].buffer);
    free(values[r]);
  }
  triton_spirv_buffer_destroy(table.buffer);
  triton_spirv_buffer_destroy(dout.buffer);
  free(out);
}

int main(void) {
  TritonSpirvContext context;
  TritonSpirvStream stream;
  const char *device_name;
  CHECK(triton_spirv_context_create(NULL, &context));
  CHECK(triton_spirv_context_set_current(context));
  CHECK(triton_spirv_context_stream(context, &stream));
  CHECK(triton_spirv_context_device_name(context, &device_name));
  printf("device %s\n", device_name);
  expect("no Python in the process", !python_is_loaded());

  CHECK(load_add());
  CHECK(load_matmul());
  check_add(stream, context, "add aligned n%16==0", 4096, 0);
  check_add(stream, context, "add aligned n==1", 1, 0);
  check_add(stream, context, "add misaligned", 4096, 1);
  check_add(stream, context, "add aligned n%16!=0", 1000, 0);
  check_add_host_memory(stream, context);

  expect("matmul has 3 algos", matmul_get_num_algos() == 3);
  check_matmul(stream, context, 0);
  check_matmul(stream, context, 1);
  check_matmul(stream, context, 2); /* tiles beyond workgroup memory: scratch */
  TritonSpirvResult bad = matmul(stream, 0, 0, 0, 1, 1, 1, 1, 1, 1, 3);
  expect("matmul algo_id 3 refused",
         bad == TRITON_SPIRV_ERROR_INVALID_VALUE && strstr(triton_spirv_last_error(), "algo_id 3"));

  check_scale_shift(stream, context, 1);
  check_scale_shift(stream, context, 0);

  CHECK(load_gather_rows());
  check_gather_rows(stream, context);

  CHECK(unload_add());
  CHECK(unload_matmul());
  CHECK(unload_scale_shift());
  CHECK(unload_gather_rows());
  CHECK(triton_spirv_context_destroy(context));
  printf("%d failed\n", failures);
  return failures ? 1 : 0;
}
