# FindMETIS -- METIS has neither a .pc file nor a CMake config in Debian.
# Defines METIS::METIS.
find_path(METIS_INCLUDE_DIR metis.h)
find_library(METIS_LIBRARY metis)
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(METIS DEFAULT_MSG METIS_LIBRARY METIS_INCLUDE_DIR)
if(METIS_FOUND AND NOT TARGET METIS::METIS)
  add_library(METIS::METIS UNKNOWN IMPORTED)
  set_target_properties(METIS::METIS PROPERTIES IMPORTED_LOCATION ${METIS_LIBRARY}
    INTERFACE_INCLUDE_DIRECTORIES ${METIS_INCLUDE_DIR})
endif()
mark_as_advanced(METIS_INCLUDE_DIR METIS_LIBRARY)
