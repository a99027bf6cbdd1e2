package io.millrace.runtime.expr;

/** The generators' entries in the function registry. */
final class GeneratorFunctions {

  private GeneratorFunctions() {
  }

  static void register() {
    FunctionRegistry.register("explode", 1, 1, Explode::explode, "explode(array or map)",
        "SELECT id, explode(array(10, 20)): rows (id, 10), (id, 20); a map gives columns key, value");
    FunctionRegistry.register("explode_outer", 1, 1, Explode::explodeOuter, "explode_outer(array or map)",
        "explode_outer(CAST(NULL AS ARRAY<INT>)) gives one row of NULL, where explode gives none");
    FunctionRegistry.register("posexplode", 1, 1, Explode::posexplode, "posexplode(array or map)",
        "SELECT posexplode(array('a', 'b')) AS (p, v): rows (0, 'a'), (1, 'b')");
    FunctionRegistry.register("posexplode_outer", 1, 1, Explode::posexplodeOuter, "posexplode_outer(array or map)",
        "posexplode_outer(array()) gives one row (NULL, NULL)");
    FunctionRegistry.register("inline", 1, 1, Inline::inline, "inline(array of structs)",
        "inline(array(named_struct('p', 1, 'q', 'x'))): one row with columns p = 1, q = 'x'");
    FunctionRegistry.register("inline_outer", 1, 1, Inline::inlineOuter, "inline_outer(array of structs)",
        "inline_outer(array()) gives one row of NULLs, where inline gives none");
    FunctionRegistry.register("json_tuple", 2, FunctionRegistry.ANY, JsonTuple::new, "json_tuple(json, name, ..)",
        "json_tuple('{\"a\": 1, \"b\": [2]}', 'a', 'b'): one row c0 = '1', c1 = '[2]'");
  }
}
