-- Outbox bodies are sealed at rest from now on (ADR 0006) and blanked once delivered. Bodies of
-- mail delivered earlier were stored in plain text (recovery and Game Pass codes): blank them.
UPDATE "email_outbox" SET "text_body" = '', "html_body" = '' WHERE "status" <> 'pending';
