/**
 * Rules as data: a rule is `{ id, when, decide, examples }`, a stage is an ordered array of rules
 * (array order = apply order), and one small runner applies a stage. `firstRule` lets the first rule
 * whose `when` holds decide; `everyRule` applies, in order, every rule whose `when` holds (each sees
 * what the earlier ones did). A rule whose id is in `disabled` (`createPipeline({ disabledRules })`)
 * is skipped, so the next one decides. Each rule's examples are run as its tests.
 */

/** A worked example: a sentence and what its main clause must hold (the test of each table says how it reads `expect`). */
export interface RuleExample {
  readonly text: string;
  readonly expect: string;
}

/** One rule of a table: it applies to `item` (a dependent, a group, a clause's state) in `context`. */
export interface TableRule<Item, Context, Outcome> {
  readonly id: string;
  readonly when: (item: Item, context: Context) => boolean;
  /** What the rule makes of the item (its `then`). */
  readonly decide: (item: Item, context: Context) => Outcome;
  readonly examples: readonly RuleExample[];
}

/** The first rule (in table order, skipping disabled ones) whose `when` holds, with its outcome. */
export function firstRule<Item, Context, Outcome>(
  rules: readonly TableRule<Item, Context, Outcome>[],
  item: Item,
  context: Context,
  disabled?: ReadonlySet<string>,
): { readonly rule: string; readonly outcome: Outcome } | undefined {
  for (let index = 0; index < rules.length; index += 1) {
    const rule = rules[index] as TableRule<Item, Context, Outcome>;
    if (disabled?.has(rule.id)) continue;
    if (rule.when(item, context)) return { rule: rule.id, outcome: rule.decide(item, context) };
  }
  return undefined;
}

/** Applies, in table order, every rule (not disabled) whose `when` holds when its turn comes. */
export function everyRule<Item, Context>(
  rules: readonly TableRule<Item, Context, unknown>[],
  item: Item,
  context: Context,
  disabled?: ReadonlySet<string>,
): void {
  for (let index = 0; index < rules.length; index += 1) {
    const rule = rules[index] as TableRule<Item, Context, unknown>;
    if (disabled?.has(rule.id)) continue;
    if (rule.when(item, context)) rule.decide(item, context);
  }
}
