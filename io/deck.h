/* deck.h -- the input-deck reader: Abaqus/CalculiX-style keyword decks into an nsb_model.
 *
 * The reader is a streaming, line-oriented parser in the manner of inih: one
 * handler per keyword line and per data line, a fixed maximum line length
 * (1024 bytes; a longer line is an error, never truncated), no global state.
 * Every problem is reported as "file:line: message" and reading goes on so that
 * one run shows several problems (at most 50, then "too many errors").
 * Checks that need the whole deck (amplitudes defined later, bodies declared
 * after the joints and supports that use them, SPRINGA stiffness, a section on
 * every beam element, beam node frames) run after the last line and still
 * report the line of the record they concern.
 *
 * The accepted keywords, parameters and data lines are documented in
 * docs/deck.md.  Ownership: the model returned in *out is owned by the caller
 * (nsb_model_destroy); on any error no model is returned and nothing leaks.
 */
#ifndef NSB_DECK_H
#define NSB_DECK_H

#include <stdio.h>

#include "base/ctx.h"
#include "model/model.h"

/// Maximum number of errors reported before the reader gives up.
#define NSB_DECK_MAX_ERRORS 50
/// Maximum length of a deck line in bytes (without the line terminator).
#define NSB_DECK_LINE_MAX 1024
/// Sane upper bounds on numbers a deck may ask for (docs/deck.md): increments
/// per step (a step of more is a typing error or a run of years, and its count
/// must fit the driver's integers), Newton iterations and contact sweeps per
/// increment (beyond these a tolerance cannot be reached, and a run would
/// hang), and an obstacle's spin in rad/s.
#define NSB_DECK_INCREMENTS_MAX 1e8
#define NSB_DECK_ITERATIONS_MAX 1000
#define NSB_DECK_CONTACT_ITERATIONS_MAX 100000
#define NSB_DECK_SPIN_MAX 1e6
/// Maximum *INCLUDE nesting depth (the top-level deck is depth 0).
#define NSB_DECK_INCLUDE_DEPTH_MAX 10

/// Read the deck file at path (borrowed) into a new model, stored in *out
/// (owned by the caller, free with nsb_model_destroy).  Every problem is
/// printed to err (borrowed, may be NULL) as "file:line: message\n" and parsing
/// goes on after an error (up to NSB_DECK_MAX_ERRORS, then "too many errors"
/// and stop).  *n_errors (may be NULL) receives the number of errors.
/// Returns NSB_OK, or on any error *out = NULL and the most severe of
/// NSB_ERR_ALLOC > NSB_ERR_IO > NSB_ERR_DECK_SYNTAX > NSB_ERR_DECK_VALUE
/// (the error is also recorded in ctx).  model->source holds the path.
int nsb_deck_read(nsb_ctx* ctx, const char* path, FILE* err, nsb_model** out, int* n_errors);

/// Same as nsb_deck_read for a deck held in the NUL-terminated string text
/// (borrowed); name (borrowed) is used as the file name in messages and in
/// model->source.  *INCLUDE paths in the string are relative to the current
/// working directory; inside included files they are relative to that file.
int nsb_deck_read_string(nsb_ctx* ctx, const char* name, const char* text, FILE* err, nsb_model** out,
                         int* n_errors);

#endif
