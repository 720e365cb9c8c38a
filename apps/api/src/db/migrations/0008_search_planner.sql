-- Hostel search filters with `q <% search_text` (pg_trgm's word_similarity_op; the trigram index
-- answers it as its commutator `search_text %> q`). pg_trgm declares both functions COST 1, as
-- cheap as `=`, so with many hostels the planner priced a sequential scan that runs word_similarity
-- on every row (546 ms on 20,000 hostels) below the index (3 ms). Their real cost is closer to a
-- hundred times that. See docs/decisions/0015-search.md.
-- The functions belong to whoever created the extension; where our role may not alter them (a
-- trusted extension installed by a non-superuser), the migration says so and goes on: search stays
-- correct, only slower, until a superuser runs these two statements.
DO $$
BEGIN
  ALTER FUNCTION word_similarity_op(text, text) COST 100;
  ALTER FUNCTION word_similarity_commutator_op(text, text) COST 100;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE WARNING 'hostel search: cannot raise the cost of pg_trgm word_similarity_op (not the owner); run as a superuser: ALTER FUNCTION word_similarity_op(text, text) COST 100; ALTER FUNCTION word_similarity_commutator_op(text, text) COST 100;';
END
$$;
