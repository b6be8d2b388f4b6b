/* main.c -- placeholder entry point replaced below. */
int main(void) { return 0; }
