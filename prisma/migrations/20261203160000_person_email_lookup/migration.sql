-- The company database's e-mail finder (server/providers/email-finder/company-database.ts) looks a
-- lead up among the people with an address: by LinkedIn URL (compared without scheme, www., case
-- or trailing slashes), else by first and last name in any case. Partial indexes: only people with
-- an address are ever looked for, and they are a fraction of the table. Expression indexes, so kept
-- here rather than in schema.prisma, like the people search's own (20261124164118_people_search).
CREATE INDEX "Person_linkedin_key_email_idx" ON "Person" ((lower(regexp_replace("linkedinUrl", '^https?://(www\.)?|/+$', '', 'gi')))) WHERE "email" IS NOT NULL;
CREATE INDEX "Person_name_lower_email_idx" ON "Person" (lower("lastName"), lower("firstName")) WHERE "email" IS NOT NULL;
