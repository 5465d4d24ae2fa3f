-- Refresh from two tabs (issue 11.6, decision 0015): a rotated refresh token presented again within a few seconds
-- gets the answer its rotation gave, instead of ending the session as a reuse. The answer (the new pair) is kept
-- sealed (AES-256-GCM, a key derived from the server's token secret: the database alone opens nothing) on the rotated
-- token, and cleared once the grace interval is over or the family ends.
ALTER TABLE refresh_token ADD COLUMN rotation_answer text;
