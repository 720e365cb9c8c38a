-- A number that moves whenever anything a search answer shows is written: hostels (names, facts,
-- ratings, closing), their rooms (prices, statuses, holds) and their photos. The embedded database
-- keeps search answers stamped with it (docs/decisions/0024-search-answers-on-the-embedded-database.md).
-- Statement-level, so a bulk write moves it once; a sequence, so writers never wait on each other.
CREATE SEQUENCE "search_catalogue_changes";--> statement-breakpoint
CREATE FUNCTION search_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('search_catalogue_changes');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER hostels_search_catalogue AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON hostels
  FOR EACH STATEMENT EXECUTE FUNCTION search_catalogue_changed();--> statement-breakpoint
CREATE TRIGGER rooms_search_catalogue AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON rooms
  FOR EACH STATEMENT EXECUTE FUNCTION search_catalogue_changed();--> statement-breakpoint
CREATE TRIGGER hostel_images_search_catalogue AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON hostel_images
  FOR EACH STATEMENT EXECUTE FUNCTION search_catalogue_changed();
