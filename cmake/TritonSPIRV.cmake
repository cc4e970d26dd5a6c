# triton_spirv_add_library(name SOURCES... [DEPENDS targets...] [MLIR_LIBS libs...]
#                          [LINK_LIBS our-libs...])
# A static, position-independent library linked against MLIR through
# mlir_target_link_libraries (so the dylib is used when MLIR_LINK_MLIR_DYLIB).
function(triton_spirv_add_library name)
  cmake_parse_arguments(ARG "" "" "DEPENDS;MLIR_LIBS;LINK_LIBS" ${ARGN})
  add_library(${name} STATIC ${ARG_UNPARSED_ARGUMENTS})
  set_target_properties(${name} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  if(ARG_DEPENDS)
    add_dependencies(${name} ${ARG_DEPENDS})
  endif()
  if(ARG_MLIR_LIBS)
    mlir_target_link_libraries(${name} PUBLIC ${ARG_MLIR_LIBS})
    target_link_libraries(${name} PUBLIC ${TRITON_SPIRV_LLVM_LINK})
  endif()
  if(ARG_LINK_LIBS)
    target_link_libraries(${name} PUBLIC ${ARG_LINK_LIBS})
  endif()
endfunction()
