CREATE TABLE `sso_states` (
	`state` text PRIMARY KEY NOT NULL,
	`code_verifier` text NOT NULL,
	`nonce` text NOT NULL,
	`return_to` text,
	`expires_at` text NOT NULL
);
