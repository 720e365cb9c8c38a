CREATE TABLE "hostel_search_terms" (
	"term" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
-- Hostel search by words (docs/domain.md, "Search"; docs/decisions/0015-search.md, "Text search,
-- revised"). The text a hostel is found by, as before in the generated column search_text (0006),
-- now a function so the tsvector column below can spell it once. The university names must follow
-- the contract's list (packages/contracts); a test compares them.
CREATE FUNCTION hostel_search_text(hostel_name text, address text, city text, state text, university text)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(hostel_name || ' ' || address || ' ' || coalesce(city, '') || ' ' || coalesce(state, '')
    || ' ' || coalesce(university, '') || ' ' || coalesce(case university
      when 'UNILAG' then 'University of Lagos'
      when 'UI' then 'University of Ibadan'
      when 'OAU' then 'Obafemi Awolowo University'
      when 'UNN' then 'University of Nigeria, Nsukka'
      when 'ABU' then 'Ahmadu Bello University'
      when 'UNIBEN' then 'University of Benin'
      when 'UNILORIN' then 'University of Ilorin'
      when 'UNIPORT' then 'University of Port Harcourt'
      when 'LASU' then 'Lagos State University'
      when 'FUTA' then 'Federal University of Technology, Akure'
      when 'UNIZIK' then 'Nnamdi Azikiwe University'
      when 'UNICAL' then 'University of Calabar'
      when 'BUK' then 'Bayero University Kano'
      when 'UNIJOS' then 'University of Jos'
      when 'FUNAAB' then 'Federal University of Agriculture, Abeokuta'
      when 'FUTO' then 'Federal University of Technology, Owerri'
      when 'COVENANT' then 'Covenant University'
      when 'BABCOCK' then 'Babcock University'
      when 'UNIABUJA' then 'University of Abuja'
    end, ''))
$$;--> statement-breakpoint
DROP INDEX "hostels_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "hostels" ADD COLUMN "search_tsv" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, hostel_name), 'A') || to_tsvector('simple'::regconfig, hostel_search_text(hostel_name, address, city, state, university))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "hostel_search_terms_trgm_idx" ON "hostel_search_terms" USING gin ("term" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "hostels_search_tsv_idx" ON "hostels" USING gin ("search_tsv") WITH (fastupdate=false);--> statement-breakpoint
ALTER TABLE "hostels" DROP COLUMN "search_text";--> statement-breakpoint
-- The vocabulary only grows: a word no hostel has any more matches nothing, so it is left (see
-- docs/domain.md). Only a write that changes a hostel's words touches it, not the availability
-- updates every room write makes (0010).
CREATE FUNCTION hostels_add_search_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO hostel_search_terms (term)
    SELECT lexeme FROM unnest(NEW.search_tsv) ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER hostels_search_terms_insert AFTER INSERT ON hostels
  FOR EACH ROW EXECUTE FUNCTION hostels_add_search_terms();--> statement-breakpoint
CREATE TRIGGER hostels_search_terms_update AFTER UPDATE ON hostels
  FOR EACH ROW WHEN (OLD.search_tsv IS DISTINCT FROM NEW.search_tsv)
  EXECUTE FUNCTION hostels_add_search_terms();--> statement-breakpoint
INSERT INTO hostel_search_terms (term)
  SELECT DISTINCT lexeme FROM hostels, unnest(search_tsv) ON CONFLICT DO NOTHING;