# Whole-program tests: each area keeps its own file, included here.
include(${CMAKE_CURRENT_LIST_DIR}/bad_decks.cmake OPTIONAL)
include(${CMAKE_CURRENT_LIST_DIR}/hostile_decks.cmake OPTIONAL)
include(${CMAKE_CURRENT_LIST_DIR}/vtk.cmake OPTIONAL)
include(${CMAKE_CURRENT_LIST_DIR}/decks.cmake OPTIONAL)
include(${CMAKE_CURRENT_LIST_DIR}/fuzz.cmake OPTIONAL)
include(${CMAKE_CURRENT_LIST_DIR}/install.cmake OPTIONAL)
include(${CMAKE_CURRENT_LIST_DIR}/plot.cmake OPTIONAL)
include(${CMAKE_CURRENT_LIST_DIR}/view.cmake OPTIONAL)
