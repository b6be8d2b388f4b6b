/* test_sections.c -- the Abaqus BOX and I sections of *BEAM SECTION against
 * hand-computed properties, and the B32/B32R mapping (two B2V elements per
 * element) against the B31 mesh of the same nodes (docs/deck.md).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cunit_main.h"
#include "io/deck.h"
#include "solver/system.h"

static nsb_model* read_ok(nsb_ctx* ctx, const char* name, const char* text) {
  nsb_model* m = NULL;
  int n_err = 0;
  int st = nsb_deck_read_string(ctx, name, text, stderr, &m, &n_err);
  CU_ASSERT_EQUAL(st, NSB_OK);
  CU_ASSERT_EQUAL(n_err, 0);
  return st == NSB_OK ? m : NULL;
}

/* |a - b| <= 1e-12 |b| */
#define ASSERT_REL(a, b) NSB_ASSERT_CLOSE((a), (b), 1e-12 * fabs(b))

/* want: EA, GA2, GA3, GJ, EI2, EI3, rhoA, rhoJ1, rhoJ2, rhoJ3, draw radius */
static void check_section(const nsb_section* s, const double want[11]) {
  const double got[11] = {s->EA,      s->GA2,     s->GA3,     s->GJ,      s->EI2,        s->EI3,
                          s->rhoA,    s->rhoJ[0], s->rhoJ[1], s->rhoJ[2], s->draw_radius};
  for (int k = 0; k < 11; ++k) ASSERT_REL(got[k], want[k]);
}

static const char* const section_deck =
    "*NODE\n1, 0, 0, 0\n2, 1, 0, 0\n3, 2, 0, 0\n"
    "*ELEMENT, TYPE=B31, ELSET=BOXES\n1, 1, 2\n*ELEMENT, TYPE=B31, ELSET=IS\n2, 2, 3\n"
    "*MATERIAL, NAME=STEEL\n*ELASTIC\n210e9, 0.3\n*DENSITY\n7850\n"
    "*BEAM SECTION, ELSET=BOXES, MATERIAL=STEEL, SECTION=BOX\n0.08, 0.12, 0.004, 0.006, 0.004, 0.006\n0, 0, 1\n"
    "*BEAM SECTION, ELSET=IS, MATERIAL=STEEL, SECTION=I\n0.082446111869031405, 0.2, 0.12, 0.08, 0.01, 0.008, 0.006\n"
    "*BOUNDARY\n1, 1, 6\n*STEP\n*STATIC\n0.1, 1.0\n*END STEP\n";

/* Hand values (computed separately, 17 digits; E = 210e9, nu = 0.3, rho = 7850):
   BOX a = 0.08, b = 0.12, t1 = t3 = 0.004, t2 = t4 = 0.006 summed over its four
   walls (two of height b, two between them), each moved to the centre by
   parallel axes: A = 1.824e-3, I2 = 3.9617280e-6, I3 = 1.7607680e-6;
   Bredt J = 4 (0.076 * 0.114)^2 / (0.114 (2/0.004) + 0.076 (2/0.006));
   As2 = 0.012 * 0.072, As3 = 0.008 * 0.108.
   I with h = 0.2, b1 = 0.12, b2 = 0.08, t1 = 0.01, t2 = 0.008, t3 = 0.006
   (unequal flanges, l = the centroid height 0.0824461...), I2 from the
   second moment about the bottom face, Sum w ((y0 + t)^3 - y0^3)/3, minus
   A yc^2; I3 = (t1 b1^3 + t2 b2^3 + hw t3^3)/12; J = Sum b t^3/3;
   As2 = b1 t1 + b2 t2, As3 = hw t3. */
static void test_box_and_i(void) {
  nsb_ctx* ctx = NULL;
  CU_ASSERT_FATAL(nsb_ctx_create(&ctx) == NSB_OK);
  nsb_model* m = read_ok(ctx, "sections.inp", section_deck);
  if (m) {
    CU_ASSERT_EQUAL_FATAL(m->sections.count, 2);
    const nsb_section* s = m->sections.data;
    CU_ASSERT_EQUAL(s[0].shape, NSB_SECTION_BOX);
    CU_ASSERT_EQUAL(s[1].shape, NSB_SECTION_I);
    static const double box[11] = {383040000,           69784615.384615391,  69784615.384615377,   294555.49349112425,
                                   831962.87999999989,  369761.27999999991,  14.3184,              0.04492159359999999,
                                   0.031099564799999996, 0.013822028799999997, 0.024095585330081406};
    check_section(&s[0], box);
    static const double ii[11] = {615719999.99999988,  148615384.61538464,  88200000.000000015,   5391.9384615384633,
                                  3959248.8219918227,  374767.96000000002,  23.016199999999998,   0.16200967494588481,
                                  0.14800049167921814, 0.014009183266666668, 0.030549706811864401};
    check_section(&s[1], ii);
    /* drawn as the enclosing rectangle: outer width along G2, height along G3 */
    NSB_ASSERT_CLOSE(s[0].dims[0], 0.08, 0.0);
    NSB_ASSERT_CLOSE(s[0].dims[1], 0.12, 0.0);
    NSB_ASSERT_CLOSE(s[1].dims[0], 0.12, 0.0);
    NSB_ASSERT_CLOSE(s[1].dims[1], 0.2, 0.0);
    NSB_ASSERT_CLOSE(nsb_section_contact_radius(&s[0]), 0.04, 0.0);
  }
  nsb_model_destroy(&m);
  CU_ASSERT_EQUAL(nsb_ctx_live_bytes(ctx), 0);
  nsb_ctx_destroy(&ctx);
}

/* The rectangle a beam node carries as a contact slave (nsb_model_beam_node_contact,
   docs/contact.md §8.3): half sides and the section axes G2, G3 of its first beam
   element at the node, in the node's frame R(0)^T G_k: from n1 (nodes 1, 2), turned
   by the node's initial rotation (node 3), from a *BEAM NODE FRAME (node 11), from
   the default n1 of a vertical beam (node 21); a BOX's enclosing rectangle (node
   11); none where a circle (node 31) or a rectangle of other sides (node 41) meets
   the node. */
static void test_contact_rect(void) {
  static const char* deck =
      "*NODE\n1, 0, 0, 0\n2, 0.5, 0, 0\n3, 1.0, 0, 0\n11, 0, 1, 0\n12, 0, 2, 0\n21, 0, 5, 0\n22, 0, 5, 1\n"
      "31, 3, 0, 0\n32, 4, 0, 0\n33, 5, 0, 0\n41, 3, 1, 0\n42, 4, 1, 0\n43, 5, 1, 0\n"
      "*NSET, NSET=ALL\n1, 2, 3, 11, 12, 21, 22, 31, 32, 33, 41, 42, 43\n"
      "*ELEMENT, TYPE=B2V, ELSET=A\n1, 1, 2\n2, 2, 3\n"
      "*ELEMENT, TYPE=B2V, ELSET=B\n11, 11, 12\n"
      "*ELEMENT, TYPE=B2V, ELSET=C\n21, 21, 22\n"
      "*ELEMENT, TYPE=B2V, ELSET=D\n31, 31, 32\n41, 41, 42\n"
      "*ELEMENT, TYPE=B2V, ELSET=E\n32, 32, 33\n"
      "*ELEMENT, TYPE=B2V, ELSET=F\n42, 42, 43\n"
      "*MATERIAL, NAME=STEEL\n*ELASTIC\n2.1e11, 0.3\n*DENSITY\n7850\n"
      "*BEAM SECTION, ELSET=A, MATERIAL=STEEL, SECTION=RECT\n0.04, 0.08\n0, 1, 0\n"
      "*BEAM SECTION, ELSET=B, MATERIAL=STEEL, SECTION=BOX\n0.08, 0.12, 0.01, 0.01, 0.01, 0.01\n"
      "*BEAM SECTION, ELSET=C, MATERIAL=STEEL, SECTION=RECT\n0.02, 0.06\n"
      "*BEAM SECTION, ELSET=D, MATERIAL=STEEL, SECTION=RECT\n0.04, 0.08\n0, 1, 0\n"
      "*BEAM SECTION, ELSET=E, MATERIAL=STEEL, SECTION=CIRC\n0.02\n0, 1, 0\n"
      "*BEAM SECTION, ELSET=F, MATERIAL=STEEL, SECTION=RECT\n0.04, 0.06\n0, 1, 0\n"
      "*BEAM NODE FRAME\n11, 0, 1, 0, 0, 0, 1\n"
      "*INITIAL CONDITIONS, TYPE=ROTATION\n3, 0, 0, 0.3\n"
      "*OBSTACLE, NAME=FLOOR, TYPE=PLANE\n0, 0, -1, 0, 0, 1\n"
      "*CONTACT PAIR, LAW=NEWTON\nALL, FLOOR\n"
      "*STEP\n*DYNAMIC\n1e-3, 0.01\n*END STEP\n";
  nsb_ctx* ctx = NULL;
  nsb_ctx_create(&ctx);
  nsb_model* m = read_ok(ctx, "contact_rect.inp", deck);
  if (m) {
    struct {
      int label, rect;
      double half[2], axes[2][3];
    } want[] = {{1, 1, {0.02, 0.04}, {{0, 1, 0}, {0, 0, 1}}},
                {2, 1, {0.02, 0.04}, {{0, 1, 0}, {0, 0, 1}}},
                {3, 1, {0.02, 0.04}, {{sin(0.3), cos(0.3), 0}, {0, 0, 1}}},
                {11, 1, {0.04, 0.06}, {{0, 0, 1}, {1, 0, 0}}},
                {21, 1, {0.01, 0.03}, {{0, 1, 0}, {-1, 0, 0}}},
                {31, 1, {0.02, 0.04}, {{0, 1, 0}, {0, 0, 1}}},
                {32, 0, {0, 0}, {{0, 0, 0}, {0, 0, 0}}},
                {42, 0, {0, 0}, {{0, 0, 0}, {0, 0, 0}}}};
    for (size_t k = 0; k < sizeof want / sizeof want[0]; ++k) {
      const nsb_node* nd = NULL;
      for (int i = 0; i < m->nodes.count; ++i)
        if (m->nodes.data[i].label == want[k].label) nd = &m->nodes.data[i];
      CU_ASSERT_PTR_NOT_NULL_FATAL(nd);
      CU_ASSERT_EQUAL(nd->contact_rect, want[k].rect);
      if (!want[k].rect) continue;
      for (int c = 0; c < 2; ++c) {
        NSB_ASSERT_CLOSE(nd->contact_half[c], want[k].half[c], 0.0);
        for (int j = 0; j < 3; ++j) NSB_ASSERT_CLOSE(nd->contact_axes[c][j], want[k].axes[c][j], 1e-15);
      }
    }
    /* the round radius stays half the smaller side, the smallest at a shared node */
    CU_ASSERT_EQUAL(m->nodes.data[0].contact_radius, 0.02);
  }
  nsb_model_destroy(&m);
  CU_ASSERT_EQUAL(nsb_ctx_live_bytes(ctx), 0);
  nsb_ctx_destroy(&ctx);
}

/* A cantilever of 10 B32 (or 20 B31 on the same 21 nodes; L = 1, RECT 10 x 10
   mm, steel), tip force (0, 1, 1) N statically in 4 increments.  Element
   labels 1..n; the set ALL also by *ELSET label lines, a probe at POSITION 0.75
   of element 3 and *EL PRINT on a one-element set. */
static int cantilever(const char* etype, double tip[3], nsb_model** keep, nsb_ctx* ctx) {
  int b32 = etype[2] == '2';
  char deck[8192];
  int n = snprintf(deck, sizeof deck, "*NODE\n");
  for (int i = 0; i <= 20; ++i) n += snprintf(deck + n, sizeof deck - (size_t)n, "%d, %.17g, 0, 0\n", i + 1, 0.05 * i);
  n += snprintf(deck + n, sizeof deck - (size_t)n, "*ELEMENT, TYPE=%s\n", etype);
  for (int e = 1; e <= (b32 ? 10 : 20); ++e)
    n += b32 ? snprintf(deck + n, sizeof deck - (size_t)n, "%d, %d, %d, %d\n", e, 2 * e - 1, 2 * e, 2 * e + 1)
             : snprintf(deck + n, sizeof deck - (size_t)n, "%d, %d, %d\n", e, e, e + 1);
  n += snprintf(deck + n, sizeof deck - (size_t)n,
                "*ELSET, ELSET=ALL, GENERATE\n1, %d\n*ELSET, ELSET=THIRD\n3\n"
                "*MATERIAL, NAME=STEEL\n*ELASTIC\n210e9, 0.3\n"
                "*BEAM SECTION, ELSET=ALL, MATERIAL=STEEL, SECTION=RECT\n0.01, 0.01\n0, 0, 1\n"
                "*PROBE, NAME=P, ELEMENT=3, POSITION=0.75\nN\n"
                "*BOUNDARY\n1, 1, 6\n*STEP\n*STATIC\n0.25, 1.0\n*CLOAD\n21, 2, 1\n21, 3, 1\n"
                "*EL PRINT, ELSET=THIRD\nSF\n*END STEP\n",
                b32 ? 10 : 20);
  nsb_model* m = read_ok(ctx, "b32.inp", deck);
  if (!m) return -1;
  nsb_system* s = NULL;
  int st = nsb_system_create(ctx, m, &s);
  if (st == NSB_OK) st = nsb_system_begin_step(s, 0, 0.0);
  for (int j = 0; j < 4 && st == NSB_OK; ++j) {
    nsb_newton_report rep;
    st = nsb_system_increment(s, 0.25, &rep);
  }
  if (st == NSB_OK)
    for (int c = 0; c < 3; ++c) tip[c] = nsb_system_state(s)->x[3 * 20 + c] - (c == 0 ? 1.0 : 0.0);
  nsb_system_destroy(&s);
  *keep = m;
  return st;
}

static void test_b32_as_b31(void) {
  nsb_ctx* ctx = NULL;
  CU_ASSERT_FATAL(nsb_ctx_create(&ctx) == NSB_OK);
  double a[3] = {0, 0, 0}, b[3] = {0, 0, 0};
  nsb_model *m32 = NULL, *m31 = NULL;
  CU_ASSERT_EQUAL(cantilever("B32", a, &m32, ctx), NSB_OK);
  CU_ASSERT_EQUAL(cantilever("B31", b, &m31, ctx), NSB_OK);
  if (m32 && m31) {
    /* 10 B32 = 20 B2V: end-middle and middle-end, both with the B32's label */
    CU_ASSERT_EQUAL_FATAL(m32->elements.count, 20);
    for (int k = 0; k < 20; ++k) {
      const nsb_element* e = &m32->elements.data[k];
      CU_ASSERT_EQUAL(e->type, NSB_ETYPE_B2V);
      CU_ASSERT_EQUAL(e->label, k / 2 + 1);
      CU_ASSERT_EQUAL(e->nodes[0], k);
      CU_ASSERT_EQUAL(e->nodes[1], k + 1);
      CU_ASSERT_EQUAL(e->section, 0); /* ELSET=ALL by GENERATE over labels reached both halves */
    }
    CU_ASSERT_EQUAL(m32->nodes.data[1].n_beams, 2);
    int third = nsb_model_find_elset(m32, "THIRD");
    CU_ASSERT_EQUAL_FATAL(third >= 0, 1);
    CU_ASSERT_EQUAL(m32->elsets.data[third].elements.count, 2);
    /* *PROBE POSITION 0.75 of B32 3: the middle of its second half (index 5);
       *EL PRINT: one probe at the B32's middle node (end of index 4) */
    CU_ASSERT_EQUAL_FATAL(m32->probes.count, 2);
    CU_ASSERT_EQUAL(m32->probes.data[0].element, 5);
    NSB_ASSERT_CLOSE(m32->probes.data[0].position, 0.5, 0.0);
    CU_ASSERT_EQUAL(m32->probes.data[1].element, 4);
    NSB_ASSERT_CLOSE(m32->probes.data[1].position, 1.0, 0.0);
    CU_ASSERT_STRING_EQUAL(m32->probes.data[1].name, "THIRD"); /* one deck element: named by its set, as for B31 */
    CU_ASSERT_STRING_EQUAL(m31->probes.data[1].name, "THIRD");
    /* the same discrete model as the B31 mesh: the same tip displacement */
    for (int c = 0; c < 3; ++c) NSB_ASSERT_CLOSE(a[c], b[c], 1e-14 * fabs(b[1]));
    CU_ASSERT(b[1] > 1e-3); /* P L^3/(3 EI) = 1.9e-3 */
  }
  nsb_model_destroy(&m32);
  nsb_model_destroy(&m31);
  CU_ASSERT_EQUAL(nsb_ctx_live_bytes(ctx), 0);
  nsb_ctx_destroy(&ctx);
}

/* A B32 is one element to the messages: without a section it is reported
   once (not once per half), a malformed line is one error and no element. */
static void test_b32_errors(void) {
  static const char* const decks[2] = {
      "*NODE\n1, 0, 0, 0\n2, 0.5, 0, 0\n3, 1, 0, 0\n*ELEMENT, TYPE=B32, ELSET=E\n7, 1, 2, 3\n"
      "*BOUNDARY\n1, 1, 6\n*STEP\n*STATIC\n0.1, 1.0\n*END STEP\n",
      "*NODE\n1, 0, 0, 0\n2, 0.5, 0, 0\n3, 1, 0, 0\n*ELEMENT, TYPE=B32R, ELSET=E\n7, 1, 1, 3\n8, 1, 2, 1\n"
      "*MATERIAL, NAME=S\n*ELASTIC\n210e9, 0.3\n*BEAM SECTION, ELSET=E, MATERIAL=S, SECTION=RECT\n0.01, 0.01\n"
      "*BOUNDARY\n1, 1, 6\n*STEP\n*STATIC\n0.1, 1.0\n*END STEP\n"};
  static const char* const want[2] = {"b32.inp:6: beam element 7 has no beam section",
                                      "b32.inp:6: element 7: a B32 element needs three distinct nodes, got 1, 1, 3"};
  for (int k = 0; k < 2; ++k) {
    nsb_ctx* ctx = NULL;
    CU_ASSERT_FATAL(nsb_ctx_create(&ctx) == NSB_OK);
    FILE* err = tmpfile();
    CU_ASSERT_FATAL(err != NULL);
    nsb_model* m = NULL;
    int n_err = 0;
    int st = nsb_deck_read_string(ctx, "b32.inp", decks[k], err, &m, &n_err);
    CU_ASSERT_EQUAL(st, NSB_ERR_DECK_VALUE);
    CU_ASSERT_EQUAL(n_err, k + 1); /* the second deck has two bad lines, one error each */
    char text[1024] = "";
    rewind(err);
    size_t n = fread(text, 1, sizeof text - 1, err);
    text[n] = '\0';
    fclose(err);
    if (!strstr(text, want[k])) fprintf(stderr, "  expected '%s', got:\n%s", want[k], text);
    CU_ASSERT_PTR_NOT_NULL(strstr(text, want[k]));
    nsb_model_destroy(&m);
    CU_ASSERT_EQUAL(nsb_ctx_live_bytes(ctx), 0);
    nsb_ctx_destroy(&ctx);
  }
}

int main(int argc, char** argv) {
  const nsb_test_suite suites[] = {
      {"sections", (const nsb_test_case[]){{"box_and_i", test_box_and_i}, {"contact_rect", test_contact_rect}, {NULL, NULL}}},
      {"b32", (const nsb_test_case[]){{"b32_as_b31", test_b32_as_b31}, {"b32_errors", test_b32_errors}, {NULL, NULL}}},
      {NULL, NULL}};
  return nsb_test_run(suites, argc, argv);
}
