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
# With NSB_STATIC_DEPS (CMakeLists.txt) KLU and the four libraries it needs
# come from their static archives when all five are there (Debian ships them
# in libsuitesparse-dev), so that the dynamic loader has five libraries less
# to find and map at every start; UMFPACK stays shared (bound at first use,
# base/deferred.h).
set(SuiteSparse_KLU_LINK ${SuiteSparse_KLU_LIBRARY} ${SuiteSparse_AMD_LIBRARY} ${SuiteSparse_COLAMD_LIBRARY}
  ${SuiteSparse_BTF_LIBRARY} ${SuiteSparse_SUITESPARSECONFIG_LIBRARY})
if(NSB_STATIC_DEPS)
  set(SuiteSparse_KLU_STATIC_LINK "")
  foreach(lib klu amd colamd btf suitesparseconfig)
    string(TOUPPER ${lib} LIBU)
    find_library(SuiteSparse_${LIBU}_STATIC_LIBRARY lib${lib}.a)
    mark_as_advanced(SuiteSparse_${LIBU}_STATIC_LIBRARY)
    if(SuiteSparse_${LIBU}_STATIC_LIBRARY)
      list(APPEND SuiteSparse_KLU_STATIC_LINK ${SuiteSparse_${LIBU}_STATIC_LIBRARY})
    endif()
  endforeach()
  list(LENGTH SuiteSparse_KLU_STATIC_LINK n_static)
  if(n_static EQUAL 5)
    set(SuiteSparse_KLU_LINK ${SuiteSparse_KLU_STATIC_LINK})
  endif()
endif()
if(SuiteSparse_FOUND AND NOT TARGET SuiteSparse::KLU)
  list(POP_FRONT SuiteSparse_KLU_LINK klu_location)
  add_library(SuiteSparse::KLU UNKNOWN IMPORTED)
  set_target_properties(SuiteSparse::KLU PROPERTIES IMPORTED_LOCATION ${klu_location}
    INTERFACE_INCLUDE_DIRECTORIES ${SuiteSparse_INCLUDE_DIR}
    INTERFACE_LINK_LIBRARIES "${SuiteSparse_KLU_LINK}")
  add_library(SuiteSparse::UMFPACK UNKNOWN IMPORTED)
  set_target_properties(SuiteSparse::UMFPACK PROPERTIES IMPORTED_LOCATION ${SuiteSparse_UMFPACK_LIBRARY}
    INTERFACE_INCLUDE_DIRECTORIES ${SuiteSparse_INCLUDE_DIR}
    INTERFACE_LINK_LIBRARIES "${SuiteSparse_AMD_LIBRARY};${SuiteSparse_SUITESPARSECONFIG_LIBRARY}")
endif()
mark_as_advanced(SuiteSparse_INCLUDE_DIR)
