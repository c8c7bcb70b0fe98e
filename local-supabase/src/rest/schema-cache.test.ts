import { describe, expect, it } from 'vitest';
import { viewColumnOrigins } from './schema-cache.ts';

// The shape of a view's stored rule (pg_rewrite.ev_action), trimmed: a subquery in the range table has a
// target list of its own, which must not be taken for the view's.
const RULE =
  '({QUERY :commandType 1 :rtable ({RANGETBLENTRY :eref {ALIAS :aliasname sub :colnames ("a)" "b")} ' +
  ':subquery {QUERY :targetList ({TARGETENTRY :expr {VAR :varno 1} :resno 1 :resname inner ' +
  ':resorigtbl 111 :resorigcol 9 :resjunk false})}}) :jointree {FROMEXPR :quals <>} ' +
  ':targetList ({TARGETENTRY :expr {VAR :varno 1 :varattno 1} :resno 1 :resname id :ressortgroupref 0 ' +
  ':resorigtbl 16941 :resorigcol 1 :resjunk false} {TARGETENTRY :expr {CONST :consttype 23 :constvalue 4 [ 1 0 0 0 ]} ' +
  ':resno 2 :resname one :ressortgroupref 0 :resorigtbl 0 :resorigcol 0 :resjunk false} {TARGETENTRY :expr ' +
  '{VAR :varno 1 :varattno 2} :resno 3 :resname my\\ name :ressortgroupref 0 :resorigtbl 16941 :resorigcol 2 ' +
  ':resjunk false}) :override 0 :havingQual <>})';

describe('viewColumnOrigins', () => {
  it("maps the top query's plain column references to their table columns, by the view's names", () => {
    expect(viewColumnOrigins(RULE)).toEqual(
      new Map([
        ['id', { rel: 16941, attnum: 1 }],
        ['my name', { rel: 16941, attnum: 2 }],
      ]),
    );
  });

  it('finds nothing in a rule without a target list', () => {
    expect(viewColumnOrigins('({QUERY :commandType 1 :utilityStmt <>})')).toEqual(new Map());
  });
});
