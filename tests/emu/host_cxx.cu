// The host side in ordinary C++: <vector>, <string>, <fstream>, <sstream>,
// <algorithm>, <numeric>, exceptions, a RAII wrapper of device memory.
#include <algorithm>
#include <cstdlib>
#include <cuda_runtime.h>
#include <unistd.h>
#include <exception>
#include <fstream>
#include <iostream>
#include <numeric>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#define CHECK(call)                                                           \
  do {                                                                        \
    cudaError_t e = (call);                                                   \
    if (e != cudaSuccess)                                                     \
      throw std::runtime_error(std::string(#call) + ": " + cudaGetErrorString(e)); \
  } while (0)

template <class T> class DeviceBuffer {
 public:
  explicit DeviceBuffer(size_t n) : n_(n) { CHECK(cudaMalloc(&p_, n * sizeof(T))); }
  ~DeviceBuffer() { cudaFree(p_); }
  DeviceBuffer(const DeviceBuffer &) = delete;
  void upload(const std::vector<T> &v) {
    CHECK(cudaMemcpy(p_, v.data(), n_ * sizeof(T), cudaMemcpyHostToDevice));
  }
  std::vector<T> download() const {
    std::vector<T> v(n_);
    CHECK(cudaMemcpy(v.data(), p_, n_ * sizeof(T), cudaMemcpyDeviceToHost));
    return v;
  }
  T *get() { return p_; }

 private:
  T *p_ = nullptr;
  size_t n_;
};

__global__ void squares(int n, int *v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    v[i] = v[i] * v[i];
}

int main() {
  std::vector<int> v(50);
  std::iota(v.begin(), v.end(), -25);
  DeviceBuffer<int> d(v.size());
  d.upload(v);
  squares<<<2, 32>>>((int)v.size(), d.get());
  std::vector<int> r = d.download();
  std::sort(r.begin(), r.end());
  const char *dir = std::getenv("TMPDIR");
  std::string path = std::string(dir && *dir ? dir : "/tmp") + "/litdnn-host-cxx-" +
                     std::to_string(getpid());
  {
    std::ofstream out(path);
    for (int x : r)
      out << x << "\n";
  }
  std::ifstream in(path);
  long total = 0;
  for (int x; in >> x;)
    total += x;
  std::remove(path.c_str());
  std::ostringstream line;
  line << "squares written to a file and read back: total " << total << ", largest "
       << r.back();
  std::cout << line.str() << std::endl;
  try {
    CHECK(cudaMemcpy(r.data(), d.get(), 1000 * sizeof(int), cudaMemcpyDeviceToHost));
    std::cout << "no exception" << std::endl;
  } catch (const std::exception &e) {
    std::cout << "caught: " << e.what() << std::endl;
  }
  return 0;
}
