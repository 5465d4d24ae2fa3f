-- Why: Settings › Approval Rights (privilege approvelRight, issue 13; decision 0020). Per module, which roles may
-- approve or reject each kind of request. A kind with no row keeps decision 0010's rule (any holder of
-- pendingApprovals but the requester); a kind with rows needs one of those roles too.
CREATE TABLE approval_right (
  module_id  bigint NOT NULL REFERENCES module(id) ON DELETE CASCADE,
  kind       text NOT NULL CHECK (kind IN ('ROLLBACK','BULK_KNOCK_OFF')),
  role_id    bigint NOT NULL REFERENCES role(id) ON DELETE CASCADE,
  PRIMARY KEY (module_id, kind, role_id)
);
