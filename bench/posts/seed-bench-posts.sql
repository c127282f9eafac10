-- Seeds one bench project: the user "bench", 10 tags, and :'count' published public posts, each
-- with about 300 words of varied rich content (headings, marks, a link, a list, a code block)
-- and two tags, one minute apart going back from now; each excerpt names a word no other post
-- has (for the search scenarios). psql-style variables are substituted by
-- bench/posts/run.ts. generate_series keeps 100,000 posts to a few seconds.
INSERT INTO "User" (id, username, email, "passwordHash", "displayName", "updatedAt")
VALUES ('bench-user', 'bench', 'bench@inkbase.local', 'scrypt$unusable', 'Bench Author', now());

INSERT INTO "Tag" (id, "ownerId", name, slug)
SELECT 'bench-tag-' || t, 'bench-user', 'Topic ' || t, 'topic-' || t FROM generate_series(1, 10) AS t;

INSERT INTO "Post" (id, "ownerId", slug, title, excerpt, "excerptAuto", content, "readingTime", status, visibility,
                    "publishedAt", "announcedAt", "createdAt", "updatedAt")
SELECT 'bench-post-' || g,
       'bench-user',
       'post-' || g,
       'Bench post number ' || g,
       -- Each excerpt also holds a made-up word of its own (ten letters from md5 of the number), so a
       -- search for one word finds exactly one post at any size (bench/posts/run.ts: searchWord).
       'An excerpt for bench post ' || g || ', long enough to look like a real one on a list page, about '
         || translate(substr(md5(g::text), 1, 10), '0123456789', 'ghijklmnop') || '.',
       false,
       jsonb_build_object('type', 'doc', 'content', jsonb_build_array(
         jsonb_build_object('type', 'heading', 'attrs', jsonb_build_object('level', 2),
           'content', jsonb_build_array(jsonb_build_object('type', 'text', 'text', 'Section for post ' || g))),
         jsonb_build_object('type', 'paragraph', 'content', jsonb_build_array(
           jsonb_build_object('type', 'text', 'text', repeat('Lorem ipsum dolor sit amet, consectetur adipiscing elit. ', 8)),
           jsonb_build_object('type', 'text', 'text', 'a link', 'marks', jsonb_build_array(
             jsonb_build_object('type', 'link', 'attrs', jsonb_build_object('href', 'https://example.com/' || g)))),
           jsonb_build_object('type', 'text', 'text', ' and some bold text.', 'marks', jsonb_build_array(jsonb_build_object('type', 'bold'))))),
         jsonb_build_object('type', 'bulletList', 'content', jsonb_build_array(
           jsonb_build_object('type', 'listItem', 'content', jsonb_build_array(jsonb_build_object('type', 'paragraph',
             'content', jsonb_build_array(jsonb_build_object('type', 'text', 'text', 'First point of ' || g))))),
           jsonb_build_object('type', 'listItem', 'content', jsonb_build_array(jsonb_build_object('type', 'paragraph',
             'content', jsonb_build_array(jsonb_build_object('type', 'text', 'text', 'Second point'))))))),
         jsonb_build_object('type', 'codeBlock', 'attrs', jsonb_build_object('language', 'ts'),
           'content', jsonb_build_array(jsonb_build_object('type', 'text', 'text', 'const post = ' || g || ';'))),
         jsonb_build_object('type', 'paragraph', 'content', jsonb_build_array(
           jsonb_build_object('type', 'text', 'text', repeat('Sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. ', 25))))
       )),
       2,
       'published',
       'public',
       now() - make_interval(mins => g),
       now() - make_interval(mins => g),
       now() - make_interval(mins => g),
       now() - make_interval(mins => g)
FROM generate_series(1, :count) AS g;

INSERT INTO "PostTag" ("postId", "tagId")
SELECT 'bench-post-' || g, 'bench-tag-' || (1 + g % 10) FROM generate_series(1, :count) AS g
UNION ALL
SELECT 'bench-post-' || g, 'bench-tag-' || (1 + (g + 3) % 10) FROM generate_series(1, :count) AS g;
