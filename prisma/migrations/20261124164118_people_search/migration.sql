-- CreateIndex
CREATE INDEX "Person_department_idx" ON "Person"("department");

-- CreateIndex
CREATE INDEX "Person_function_idx" ON "Person"("function");

-- CreateIndex
CREATE INDEX "Person_region_idx" ON "Person"("region");

-- CreateIndex
CREATE INDEX "Person_city_idx" ON "Person"("city");

-- CreateIndex
CREATE INDEX "Person_languages_idx" ON "Person" USING GIN ("languages");

-- CreateIndex
CREATE INDEX "Person_schools_idx" ON "Person" USING GIN ("schools");

-- CreateIndex
CREATE INDEX "Person_degrees_idx" ON "Person" USING GIN ("degrees");

-- CreateIndex
CREATE INDEX "Person_fieldsOfStudy_idx" ON "Person" USING GIN ("fieldsOfStudy");

-- CreateIndex
CREATE INDEX "Person_title_trgm_idx" ON "Person" USING GIN ("title" gin_trgm_ops);

-- People search's expression indexes (Prisma's schema cannot declare them, and its diff leaves them
-- alone). Each expression is written exactly as server/services/company-database/people-search-sql.ts
-- writes it, so that the planner matches them.
-- Sort `name`: last name, then first name, lower case, in code-point order on every server.
CREATE INDEX "Person_name_sort_idx" ON "Person" ((lower("lastName" || ' ' || "firstName") COLLATE "C"), "id");
-- Sort `seniority` (and `relevance` without keywords): owner highest, intern lowest, unknown last.
CREATE INDEX "Person_seniority_rank_idx" ON "Person" ((array_position('{intern,entry,senior,manager,director,head,vp,partner,c_suite,founder,owner}'::text[], "seniority")), "id");
-- Filter `keywords`: words of the name, title and headline.
CREATE INDEX "Person_keywords_idx" ON "Person" USING GIN ((to_tsvector('simple'::regconfig, "firstName" || ' ' || "lastName" || ' ' || coalesce("title", '') || ' ' || coalesce("headline", ''))));
-- Filter `companies` (company name, any case) reaches companies by lower(name); text_pattern_ops
-- serves equality and prefixes alike.
CREATE INDEX "Company_name_lower_idx" ON "Company" (lower("name") text_pattern_ops);
