# FindSuiteSparse -- KLU and UMFPACK from Debian's libsuitesparse-dev
# (headers in include/suitesparse, no CMake config in bookworm).
# Defines SuiteSparse::KLU and SuiteSparse::UMFPACK.
find_path(SuiteSparse_INCLUDE_DIR klu.h PATH_SUFFIXES suitesparse)
foreach(lib klu umfpack amd colamd btf suitesparseconfig)
  string(TOUPPER ${lib} LIBU)
  find_library(SuiteSparse_${LIBU}_LIBRARY ${lib})
  mark_as_advanced(SuiteSparse_${LIBU}_LIBRARY)
endforeach()
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(SuiteSparse DEFAULT_MSG SuiteSparse_INCLUDE_DIR
  SuiteSparse_KLU_LIBRARY SuiteSparse_UMFPACK_LIBRARY SuiteSparse_AMD_LIBRARY
  SuiteSparse_COLAMD_LIBRARY SuiteSparse_BTF_LIBRARY SuiteSparse_SUITESPARSECONFIG_LIBRARY)
if(SuiteSparse_FOUND AND NOT TARGET SuiteSparse::KLU)
  add_library(SuiteSparse::KLU UNKNOWN IMPORTED)
  set_target_properties(SuiteSparse::KLU PROPERTIES IMPORTED_LOCATION ${SuiteSparse_KLU_LIBRARY}
    INTERFACE_INCLUDE_DIRECTORIES ${SuiteSparse_INCLUDE_DIR}
    INTERFACE_LINK_LIBRARIES "${SuiteSparse_AMD_LIBRARY};${SuiteSparse_COLAMD_LIBRARY};${SuiteSparse_BTF_LIBRARY};${SuiteSparse_SUITESPARSECONFIG_LIBRARY}")
  add_library(SuiteSparse::UMFPACK UNKNOWN IMPORTED)
  set_target_properties(SuiteSparse::UMFPACK PROPERTIES IMPORTED_LOCATION ${SuiteSparse_UMFPACK_LIBRARY}
    INTERFACE_INCLUDE_DIRECTORIES ${SuiteSparse_INCLUDE_DIR}
    INTERFACE_LINK_LIBRARIES "${SuiteSparse_AMD_LIBRARY};${SuiteSparse_SUITESPARSECONFIG_LIBRARY}")
endif()
mark_as_advanced(SuiteSparse_INCLUDE_DIR)
