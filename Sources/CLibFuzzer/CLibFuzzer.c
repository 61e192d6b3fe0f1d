// CLibFuzzer only declares libFuzzer's functions (include/CLibFuzzer.h); a
// C target needs one source file.
#include "CLibFuzzer.h"

int arbor_clibfuzzer_is_declaration_only(void) { return 1; }
