-- LDAP over TLS (issue 13, decision 0023 amended by 0028): the CA certificate the directory's certificate chains to
-- (PEM; Node's trust store when empty), StartTLS for ldap:// addresses, and whether an untrusted certificate is
-- refused (yes unless an administrator switches it off).
ALTER TABLE ldap_config
  ADD COLUMN ca_certificate       text,
  ADD COLUMN start_tls            boolean NOT NULL DEFAULT false,
  ADD COLUMN reject_unauthorized  boolean NOT NULL DEFAULT true;
