-- A display name is refused when it looks like a curator's name or another creator's credit
-- (#42 finding 7, domains/accounts/display-names.ts): each is found by the skeleton of the name,
-- through an index of its own, so the check reads a row or two however many accounts there are.
CREATE INDEX "users_credit_skeleton_idx" ON "users" (agent_name_skeleton(coalesce("display_name", "name"))) WHERE NOT "anonymous";
CREATE INDEX "council_users_name_skeleton_idx" ON "council_users" (agent_name_skeleton("name"));
