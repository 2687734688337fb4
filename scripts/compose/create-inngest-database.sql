-- The Inngest server keeps its apps, events and run history in a database of its own, on the same
-- PostgreSQL server as Herald's (compose.yaml). Run once, when the data volume is first created.
CREATE DATABASE inngest;
