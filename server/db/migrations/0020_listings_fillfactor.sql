-- Views are added to listings.views every few seconds (server/listings/views.ts). On full pages each
-- such update put the new row version on another page, with a new entry in every one of the
-- table's indexes (19), and cleared the pages' all-visible bits that the carousels' index-only reads
-- rely on. A fifth of each page left free lets PostgreSQL keep the new version beside the old one
-- (a HOT update: no index touched, the old version pruned on the page). Pages written from now on
-- keep the room; a database with many listings gets it for the old pages at its next
-- VACUUM FULL or pg_repack, when convenient.
ALTER TABLE "listings" SET (fillfactor = 80);
