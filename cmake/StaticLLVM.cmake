# Links MLIR and LLVM statically (the wheels must not need libMLIR/libLLVM).
#
# Debian's MLIR archives name the LLVM shared library ("LLVM") as their
# dependency because LLVM was built with LLVM_LINK_LLVM_DYLIB. This replaces
# that dependency, in every imported MLIR target, with an interface target
# listing LLVM's static component archives; the linker takes only the members
# that are referenced.

set(_llvm_static_libs)
foreach(lib ${LLVM_AVAILABLE_LIBS})
  if(NOT lib MATCHES "^LLVM.+" OR NOT TARGET ${lib})
    continue()
  endif()
  get_target_property(_type ${lib} TYPE)
  if(NOT _type STREQUAL "STATIC_LIBRARY")
    continue()
  endif()
  # Debian exports one configuration (RelWithDebInfo).
  get_target_property(_configs ${lib} IMPORTED_CONFIGURATIONS)
  set(_loc "")
  foreach(_config ${_configs})
    get_target_property(_loc ${lib} IMPORTED_LOCATION_${_config})
    if(_loc)
      break()
    endif()
  endforeach()
  if(NOT _loc OR NOT EXISTS "${_loc}")
    continue()
  endif()
  # Keep only LLVM's own archives and libc's parts: the shared library (a
  # few tool libraries name it), Polly (not shipped statically) and system
  # packages (z3, libedit, libpfm, ...) go: the members we link call none of
  # them but zlib and zstd, linked statically below.
  get_target_property(_deps ${lib} INTERFACE_LINK_LIBRARIES)
  if(_deps)
    list(FILTER _deps INCLUDE REGEX "^(LLVM.+|rt|dl|m|pthread|-lpthread)$")
    set_target_properties(${lib} PROPERTIES INTERFACE_LINK_LIBRARIES "${_deps}")
  endif()
  list(APPEND _llvm_static_libs ${lib})
endforeach()

# LLVMSupport's compression calls zlib and zstd: their static archives
# (zlib1g-dev, libzstd-dev; both position independent on Debian) go in too.
find_library(TRITON_SPIRV_ZLIB_STATIC NAMES libz.a)
find_library(TRITON_SPIRV_ZSTD_STATIC NAMES libzstd.a)
if(NOT TRITON_SPIRV_ZLIB_STATIC OR NOT TRITON_SPIRV_ZSTD_STATIC)
  message(FATAL_ERROR "static zlib/zstd not found: apt-get install zlib1g-dev libzstd-dev")
endif()

add_library(TritonSPIRVStaticLLVM INTERFACE)
target_link_libraries(TritonSPIRVStaticLLVM INTERFACE ${_llvm_static_libs}
  ${TRITON_SPIRV_ZLIB_STATIC} ${TRITON_SPIRV_ZSTD_STATIC})

function(_triton_spirv_use_static_llvm target)
  get_target_property(_libs ${target} INTERFACE_LINK_LIBRARIES)
  if(_libs MATCHES "(^|;)(\\$<LINK_ONLY:)?LLVM>?(;|$)")
    list(TRANSFORM _libs REPLACE "^LLVM$" "TritonSPIRVStaticLLVM")
    list(TRANSFORM _libs REPLACE "^\\$<LINK_ONLY:LLVM>$" "$<LINK_ONLY:TritonSPIRVStaticLLVM>")
    set_target_properties(${target} PROPERTIES INTERFACE_LINK_LIBRARIES "${_libs}")
  endif()
endfunction()

get_property(_imported DIRECTORY PROPERTY IMPORTED_TARGETS)
foreach(target ${_imported})
  if(target MATCHES "^MLIR")
    _triton_spirv_use_static_llvm(${target})
  endif()
endforeach()

add_link_options(-Wl,--as-needed -Wl,--gc-sections)
set(TRITON_SPIRV_LLVM_LINK TritonSPIRVStaticLLVM)
