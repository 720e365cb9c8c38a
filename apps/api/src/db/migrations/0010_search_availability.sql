ALTER TABLE "hostels" ADD COLUMN "available_rooms" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "hostels" ADD COLUMN "min_available_price" integer;--> statement-breakpoint
ALTER TABLE "hostels" ADD COLUMN "availability_stale_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "rooms_available_idx" ON "rooms" USING btree ("hostel_id","price","unit","held_until") WHERE "rooms"."status" = 'available';--> statement-breakpoint
-- What a student can book now, per hostel, kept by the database on every room write (docs/domain.md,
-- "Search"; docs/decisions/0015-search.md): search sorts 5,000 hostels by their cheapest bookable
-- rent without reading 100,000 rooms. A room is bookable when it is available and not held (no
-- held_until, or one in the past). A hold running out writes nothing, so availability_stale_at is
-- when the earliest running hold ends: from then on the stored numbers may be low, and search
-- reads that hostel's rooms itself until a room write (the hold-release job, a booking) refreshes it.
CREATE FUNCTION hostels_refresh_availability(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE hostels h
  SET available_rooms = a.free, min_available_price = a.min_price, availability_stale_at = a.stale_at
  FROM (
    SELECT x.id,
      (count(r.id) FILTER (WHERE r.held_until IS NULL OR r.held_until <= now()))::int AS free,
      min(r.price) FILTER (WHERE r.held_until IS NULL OR r.held_until <= now()) AS min_price,
      min(r.held_until) FILTER (WHERE r.held_until > now()) AS stale_at
    FROM (SELECT DISTINCT unnest(ids) AS id) x
    LEFT JOIN rooms r ON r.hostel_id = x.id AND r.status = 'available'
    GROUP BY x.id
  ) a
  WHERE h.id = a.id
    AND (h.available_rooms, h.min_available_price, h.availability_stale_at)
      IS DISTINCT FROM (a.free, a.min_price, a.stale_at);
$$;--> statement-breakpoint
CREATE FUNCTION rooms_refresh_hostel_availability() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM hostels_refresh_availability(array(SELECT hostel_id FROM new_rooms));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM hostels_refresh_availability(array(SELECT hostel_id FROM old_rooms));
  ELSE
    PERFORM hostels_refresh_availability(
      array(SELECT hostel_id FROM new_rooms UNION SELECT hostel_id FROM old_rooms));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER rooms_availability_insert AFTER INSERT ON rooms REFERENCING NEW TABLE AS new_rooms
  FOR EACH STATEMENT EXECUTE FUNCTION rooms_refresh_hostel_availability();--> statement-breakpoint
CREATE TRIGGER rooms_availability_update AFTER UPDATE ON rooms REFERENCING OLD TABLE AS old_rooms NEW TABLE AS new_rooms
  FOR EACH STATEMENT EXECUTE FUNCTION rooms_refresh_hostel_availability();--> statement-breakpoint
CREATE TRIGGER rooms_availability_delete AFTER DELETE ON rooms REFERENCING OLD TABLE AS old_rooms
  FOR EACH STATEMENT EXECUTE FUNCTION rooms_refresh_hostel_availability();--> statement-breakpoint
SELECT hostels_refresh_availability(array(SELECT id FROM hostels));
