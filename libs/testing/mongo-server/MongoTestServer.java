import de.bwaldvogel.mongo.MongoCollection;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.MongoVersion;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.bson.ObjectId;
import de.bwaldvogel.mongo.wire.message.MongoMessage;
import io.netty.channel.Channel;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A MongoDB wire-protocol test server: mongo-java-server's in-memory backend, dressed up so the
 * Node driver 7 accepts it as the primary of a one-member replica set with sessions and
 * transactions. What it adds (see docs/operations.md for what this does NOT give):
 *
 * <ul>
 *   <li>hello / isMaster as a replica-set primary (setName, hosts, logicalSessionTimeoutMinutes,
 *       a modern wire version); the shipped server reports wire version 8 and no set;
 *   <li>commitTransaction / abortTransaction, with an undo log per transaction (lsid + txnNumber)
 *       holding the first pre-image of every document it wrote, so an abort really rolls back;
 *   <li>MongoDB's write-write conflicts under snapshot isolation: a transaction that writes a
 *       document another open transaction wrote, or one that a transaction committed after this
 *       one started, fails with 112 WriteConflict (label TransientTransactionError) and is
 *       aborted; the first writer wins until it commits or aborts;
 *   <li>strict index redefinition, as MongoDB: same name with other keys fails 86
 *       (IndexKeySpecsConflict), same name or same keys with other options fails 85
 *       (IndexOptionsConflict); the shipped server silently keeps the old index.
 * </ul>
 *
 * Writes are applied at once; a read (find, aggregate, count, distinct) sees the documents other
 * open transactions wrote as they were before (their pre-images), so nobody reads uncommitted
 * data, as in MongoDB. Reads are not a snapshot, though: a commit made after a transaction started
 * is visible to its later reads (only writes conflict as under snapshot isolation). A write
 * outside a transaction neither waits for nor conflicts with one.
 * Every command runs under one lock so an undo log never interleaves with another writer's
 * half-done command.
 *
 * <p>Usage: java -cp classes:libs/* MongoTestServer [--port N] [--set-name rs0]. Port 0 (the
 * default) takes a free one; the line "mongo-test-server listening on HOST:PORT" says which.
 * An empty set name makes it a standalone server.
 */
public final class MongoTestServer {
  public static void main(String[] args) {
    int port = 0;
    String setName = "rs0";
    for (int i = 0; i + 1 < args.length; i += 2) {
      switch (args[i]) {
        case "--port" -> port = Integer.parseInt(args[i + 1]);
        case "--set-name" -> setName = args[i + 1];
        default -> throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    TxBackend backend = new TxBackend(setName);
    backend.version(MONGO_6_0);
    MongoServer server = new MongoServer(backend);
    server.bind("127.0.0.1", port);
    backend.me = "127.0.0.1:" + server.getLocalAddress().getPort();
    Runtime.getRuntime().addShutdownHook(new Thread(server::shutdownNow));
    System.out.println("mongo-test-server listening on " + backend.me + (setName.isEmpty() ? " (standalone)" : " (replica set " + setName + ")"));
    System.out.flush();
  }

  /** MongoDB 6.0 speaks wire version 17, enough for driver 7 (sessions, transactions, OP_MSG). */
  static final MongoVersion MONGO_6_0 =
      new MongoVersion() {
        @Override
        public List<Integer> getVersionArray() {
          return List.of(6, 0, 0);
        }

        @Override
        public int getWireVersion() {
          return 17;
        }
      };

  /** A document: where it lives and its _id. */
  record UndoKey(String db, String collection, Object id) {}

  /** An open transaction: pre-images of the documents it wrote, in first-write order. */
  static final class Txn {
    final long openedAt = System.nanoTime();
    /** The commit clock when it started: commits stamped later are not in its snapshot. */
    final long startStamp;
    final LinkedHashMap<UndoKey, Document> preImages = new LinkedHashMap<>();

    Txn(long startStamp) {
      this.startStamp = startStamp;
    }
  }

  static final class TxBackend extends MemoryBackend {
    /** Like MongoDB's transactionLifetimeLimitSeconds: a client killed mid-transaction must not leave its writes forever. */
    static final long TXN_LIFETIME_NANOS = TimeUnit.SECONDS.toNanos(60);

    final String setName;
    volatile String me = "127.0.0.1:0";
    final ObjectId electionId = new ObjectId("7fffffff0000000000000001");
    final AtomicInteger connectionIds = new AtomicInteger();
    /** Open transactions by session id (one per session at a time, as in MongoDB). */
    final Map<Object, Map.Entry<Long, Txn>> txns = new HashMap<>();
    /** The transaction number of a session's transaction the server aborted on a write conflict. */
    final Map<Object, Long> conflictAborted = new HashMap<>();
    /** Which open transaction wrote a document: the only one that may write it until it ends. */
    final Map<UndoKey, Txn> writers = new HashMap<>();
    /** The commit stamp of the last transaction that wrote a document, while an open one may care. */
    final Map<UndoKey, Long> committedAt = new HashMap<>();
    /** Counts commits: a transaction conflicts with the commits stamped after its start. */
    long commitClock = 0;

    TxBackend(String setName) {
      this.setName = setName;
      var reaper = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "txn-reaper");
        t.setDaemon(true);
        return t;
      });
      reaper.scheduleAtFixedRate(this::abortExpired, 5, 5, TimeUnit.SECONDS);
    }

    /** OP_MSG path: every command the driver sends after the handshake. */
    @Override
    public Document handleMessage(MongoMessage message) {
      Document query = message.getDocument();
      String command = query.keySet().iterator().next();
      return handleCommand(message.getChannel(), message.getDatabaseName(), command, query);
    }

    /** Command path: OP_QUERY on $cmd (the handshake) and, via handleMessage, OP_MSG. */
    @Override
    public synchronized Document handleCommand(Channel channel, String db, String command, Document query) {
      switch (command.toLowerCase()) {
        case "hello", "ismaster":
          return hello(command);
        case "committransaction":
          return closeTxn(query, false);
        case "aborttransaction":
          return closeTxn(query, true);
        case "endsessions":
          for (Object lsid : (List<?>) query.get("endSessions")) {
            abortOpen(sessionKey(lsid));
            conflictAborted.remove(sessionKey(lsid));
          }
          return ok();
        case "createindexes":
          Document conflict = indexConflict(channel, db, query);
          if (conflict != null) return conflict;
          break;
        default:
          break;
      }
      boolean inTransaction = Boolean.FALSE.equals(query.get("autocommit"));
      if (!READS.contains(command.toLowerCase())) {
        return inTransaction ? inTxn(channel, db, command, query) : super.handleCommand(channel, db, command, query);
      }
      // A read that opens a transaction ends the session's previous one first (as inTxn would),
      // so nothing is undone while other transactions' writes are hidden.
      if (inTransaction && Boolean.TRUE.equals(query.get("startTransaction"))) abortOpen(sessionKey(query.get("lsid")));
      Map.Entry<Long, Txn> own = inTransaction ? txns.get(sessionKey(query.get("lsid"))) : null;
      List<Hidden> hidden = hideUncommitted(own == null ? null : own.getValue(), readScope(db, command, query));
      try {
        return inTransaction ? inTxn(channel, db, command, query) : super.handleCommand(channel, db, command, query);
      } finally {
        reveal(hidden);
      }
    }

    /** The commands that only read, and must not see another transaction's uncommitted writes. */
    static final java.util.Set<String> READS = java.util.Set.of("find", "aggregate", "count", "distinct");

    /**
     * The documents a read can see: its collection (an aggregate, whose stages may name others:
     * the whole database), narrowed to one `_id` when a find's filter names it plainly. Hiding
     * only those keeps a read's cost to what it touches, not to every open transaction's writes.
     */
    record ReadScope(String db, String collection, Object id) {
      boolean covers(UndoKey key) {
        return key.db().equals(db)
            && (collection == null || key.collection().equals(collection))
            && (id == null || id.equals(key.id()));
      }
    }

    private static ReadScope readScope(String db, String command, Document query) {
      if (command.equalsIgnoreCase("aggregate")) return new ReadScope(db, null, null);
      String collection = String.valueOf(query.get(command));
      Object filter = query.get(command.equalsIgnoreCase("find") ? "filter" : "query");
      Object id = filter instanceof Document f && f.size() == 1 ? f.get("_id") : null;
      return new ReadScope(db, collection, id instanceof Document ? null : id);
    }

    /** A document another open transaction wrote, while a read runs: what it is now and what was committed. */
    record Hidden(UndoKey key, Document current, Document committed, boolean committedShown) {}

    /**
     * Puts the committed state (pre-images) of every document in `scope` an open transaction other
     * than `reader` wrote in place of its uncommitted state, for the length of one read; reveal undoes
     * it. Every removal comes before every insertion, so a unique index never sees both states.
     */
    private List<Hidden> hideUncommitted(Txn reader, ReadScope scope) {
      List<Hidden> hidden = new ArrayList<>();
      if (writers.isEmpty()) return hidden;
      for (Map.Entry<UndoKey, Txn> w : writers.entrySet()) {
        if (w.getValue() == reader || !scope.covers(w.getKey())) continue;
        UndoKey key = w.getKey();
        MongoCollection<?> c = resolveDatabase(key.db()).resolveCollection(key.collection(), false);
        Document current = c == null ? null : first(c.handleQuery(new Document("_id", key.id())));
        if (current != null) {
          current = current.cloneDeeply();
          c.deleteDocuments(new Document("_id", key.id()), 1);
        }
        hidden.add(new Hidden(key, current, w.getValue().preImages.get(key), false));
      }
      for (int i = 0; i < hidden.size(); i++) {
        Hidden h = hidden.get(i);
        if (h.committed() == null) continue;
        MongoCollection<?> c = resolveDatabase(h.key().db()).resolveCollection(h.key().collection(), true);
        try {
          c.insertDocuments(List.of(h.committed().cloneDeeply()));
          hidden.set(i, new Hidden(h.key(), h.current(), h.committed(), true));
        } catch (RuntimeException e) {
          // A unique key the reader's own transaction took meanwhile: its view keeps its write.
        }
      }
      return hidden;
    }

    /** Puts back what hideUncommitted took away, committed states out first. */
    private void reveal(List<Hidden> hidden) {
      for (Hidden h : hidden) {
        if (!h.committedShown()) continue;
        resolveDatabase(h.key().db()).resolveCollection(h.key().collection(), false).deleteDocuments(new Document("_id", h.key().id()), 1);
      }
      for (Hidden h : hidden) {
        if (h.current() == null) continue;
        resolveDatabase(h.key().db()).resolveCollection(h.key().collection(), true).insertDocuments(List.of(h.current()));
      }
    }

    private Document hello(String command) {
      Document r = new Document();
      if (command.equals("hello")) r.put("isWritablePrimary", true);
      else r.put("ismaster", true);
      r.put("helloOk", true);
      // An empty set name answers as a standalone server (tests of the adapter's start-up check).
      if (!setName.isEmpty()) {
        r.put("secondary", false);
        r.put("setName", setName);
        r.put("setVersion", 1);
        r.put("electionId", electionId);
        r.put("hosts", List.of(me));
        r.put("primary", me);
        r.put("me", me);
      }
      r.put("maxBsonObjectSize", 16 * 1024 * 1024);
      r.put("maxMessageSizeBytes", 48_000_000);
      r.put("maxWriteBatchSize", 100_000);
      r.put("localTime", Instant.now());
      // Without it the driver has no sessions, hence no transactions.
      r.put("logicalSessionTimeoutMinutes", 30);
      r.put("connectionId", connectionIds.incrementAndGet());
      r.put("minWireVersion", 0);
      r.put("maxWireVersion", MONGO_6_0.getWireVersion());
      r.put("readOnly", false);
      r.put("ok", 1.0);
      return r;
    }

    /**
     * A command inside a transaction (autocommit: false): finds the documents it will write,
     * fails it with WriteConflict (aborting the transaction) when another transaction has a claim
     * on one, otherwise records their pre-images, claims them and runs it.
     */
    private Document inTxn(Channel channel, String db, String command, Document query) {
      Object session = sessionKey(query.get("lsid"));
      long txnNumber = ((Number) query.get("txnNumber")).longValue();
      Map.Entry<Long, Txn> open = txns.get(session);
      if (Boolean.TRUE.equals(query.get("startTransaction"))) {
        // A new transaction on the session implicitly aborts the previous one, as in MongoDB.
        abortOpen(session);
        conflictAborted.remove(session);
        open = Map.entry(txnNumber, new Txn(commitClock));
        txns.put(session, open);
      } else if (open == null || open.getKey() != txnNumber) {
        return noSuchTransaction(txnNumber);
      }
      Txn txn = open.getValue();
      String collection = String.valueOf(query.get(command));
      LinkedHashMap<UndoKey, Document> targets = new LinkedHashMap<>();
      switch (command.toLowerCase()) {
        case "insert" -> {
          for (Object d : (List<?>) query.get("documents")) targets(targets, db, collection, new Document("_id", ((Document) d).get("_id")), 1);
        }
        case "update" -> {
          for (Object u : (List<?>) query.get("updates")) {
            Document update = (Document) u;
            targets(targets, db, collection, (Document) update.get("q"), Boolean.TRUE.equals(update.get("multi")) ? 0 : 1);
          }
        }
        case "delete" -> {
          for (Object d : (List<?>) query.get("deletes")) {
            Document delete = (Document) d;
            targets(targets, db, collection, (Document) delete.get("q"), ((Number) delete.get("limit")).intValue());
          }
        }
        case "findandmodify" -> targets(targets, db, collection, (Document) query.getOrDefault("query", new Document()), 1);
        default -> {}
      }
      for (UndoKey key : targets.keySet()) {
        if (conflicts(txn, key)) {
          abortOpen(session);
          conflictAborted.put(session, txnNumber);
          return error(112, "WriteConflict", "WriteConflict error: this operation conflicted with another operation. Please retry your operation or multi-document transaction.", true);
        }
      }
      targets.forEach((key, pre) -> claim(txn, key, pre));
      Document response = super.handleCommand(channel, db, command, query);
      // Upserts create documents the pre-image search could not see: their undo is a delete.
      if (response.get("upserted") instanceof List<?> upserted) {
        for (Object u : upserted) claim(txn, new UndoKey(db, collection, ((Document) u).get("_id")), null);
      }
      if (response.get("lastErrorObject") instanceof Document last && last.containsKey("upserted")) {
        claim(txn, new UndoKey(db, collection, last.get("upserted")), null);
      }
      return response;
    }

    /**
     * The documents a write may change, with their current state (null: absent): the one its
     * filter's _id names, whether or not the rest of the filter matches it (under a snapshot it
     * might), otherwise those the filter matches (limit 0: all).
     */
    private void targets(Map<UndoKey, Document> into, String db, String collection, Document filter, int limit) {
      MongoCollection<?> c = resolveDatabase(db).resolveCollection(collection, false);
      Object id = filter.get("_id");
      if (id != null && !(id instanceof Document)) {
        Document found = c == null ? null : first(c.handleQuery(new Document("_id", id)));
        into.putIfAbsent(new UndoKey(db, collection, id), found == null ? null : found.cloneDeeply());
        return;
      }
      if (c == null) return;
      int n = 0;
      for (Document d : c.handleQuery(filter)) {
        into.putIfAbsent(new UndoKey(db, collection, d.get("_id")), d.cloneDeeply());
        if (++n == limit) break;
      }
    }

    /**
     * Snapshot isolation's rule for writes: the first writer of a document wins until it ends, and
     * a transaction cannot overwrite a commit it does not see (one stamped after it started).
     */
    private boolean conflicts(Txn txn, UndoKey key) {
      Txn writer = writers.get(key);
      if (writer != null) return writer != txn;
      Long stamp = committedAt.get(key);
      return stamp != null && stamp > txn.startStamp;
    }

    /** Keeps the first pre-image of the document and makes the transaction its writer. */
    private void claim(Txn txn, UndoKey key, Document preImage) {
      txn.preImages.putIfAbsent(key, preImage);
      writers.put(key, txn);
    }

    private static Document first(Iterable<Document> docs) {
      Iterator<Document> it = docs.iterator();
      return it.hasNext() ? it.next() : null;
    }

    private Document closeTxn(Document query, boolean abort) {
      Object session = sessionKey(query.get("lsid"));
      Map.Entry<Long, Txn> open = txns.get(session);
      long txnNumber = ((Number) query.get("txnNumber")).longValue();
      if (open != null && open.getKey() == txnNumber) {
        txns.remove(session);
        if (abort) undo(open.getValue());
        else commit(open.getValue());
      } else if (!abort && Long.valueOf(txnNumber).equals(conflictAborted.get(session))) {
        // The server aborted it on a write conflict: its commit cannot succeed.
        return noSuchTransaction(txnNumber);
      }
      // A retried commit of a committed transaction succeeds, as in MongoDB.
      return ok();
    }

    /** Stamps the documents the transaction wrote with a new commit and lets others write them. */
    private void commit(Txn txn) {
      long stamp = ++commitClock;
      for (UndoKey key : txn.preImages.keySet()) {
        writers.remove(key);
        committedAt.put(key, stamp);
      }
      forgetOldCommits();
    }

    /** Stamps only matter to transactions that started before them. */
    private void forgetOldCommits() {
      if (txns.isEmpty()) {
        committedAt.clear();
        return;
      }
      if (committedAt.size() < 10_000) return;
      long oldestStart = Long.MAX_VALUE;
      for (Map.Entry<Long, Txn> open : txns.values()) oldestStart = Math.min(oldestStart, open.getValue().startStamp);
      long keepAfter = oldestStart;
      committedAt.values().removeIf(stamp -> stamp <= keepAfter);
    }

    private void abortOpen(Object session) {
      Map.Entry<Long, Txn> open = txns.remove(session);
      if (open != null) undo(open.getValue());
    }

    private synchronized void abortExpired() {
      long now = System.nanoTime();
      txns.values().removeIf(open -> {
        if (now - open.getValue().openedAt < TXN_LIFETIME_NANOS) return false;
        undo(open.getValue());
        return true;
      });
    }

    /** Puts every written document back as it was, newest write first, and releases them. */
    private void undo(Txn txn) {
      List<Map.Entry<UndoKey, Document>> entries = new ArrayList<>(txn.preImages.entrySet());
      for (int i = entries.size() - 1; i >= 0; i--) {
        UndoKey key = entries.get(i).getKey();
        Document pre = entries.get(i).getValue();
        MongoCollection<?> c = resolveDatabase(key.db()).resolveCollection(key.collection(), pre != null);
        if (c == null) continue;
        c.deleteDocuments(new Document("_id", key.id()), 1);
        if (pre != null) c.insertDocuments(List.of(pre.cloneDeeply()));
      }
      for (UndoKey key : txn.preImages.keySet()) writers.remove(key, txn);
    }

    /**
     * MongoDB refuses to redefine an index: same name, other keys is 86; same name (or same keys
     * under another name) with other options is 85. Answers the error, or null to go ahead.
     */
    private Document indexConflict(Channel channel, String db, Document query) {
      String collection = String.valueOf(query.get("createIndexes"));
      if (resolveDatabase(db).resolveCollection(collection, false) == null) return null;
      Document listed = super.handleCommand(channel, db, "listIndexes", new Document("listIndexes", collection));
      List<?> existing = (List<?>) ((Document) listed.get("cursor")).get("firstBatch");
      for (Object wanted : (List<?>) query.get("indexes")) {
        Document want = (Document) wanted;
        for (Object e : existing) {
          Document have = (Document) e;
          boolean sameName = Objects.equals(have.get("name"), want.get("name"));
          boolean sameKeys = sameKeys((Document) have.get("key"), (Document) want.get("key"));
          boolean sameOptions = Utils.isTrue(have.get("unique")) == Utils.isTrue(want.get("unique"));
          if (sameName && !sameKeys) {
            return error(86, "IndexKeySpecsConflict", "An existing index has the same name as the requested index but different keys: " + have, false);
          }
          if ((sameName || sameKeys) && !(sameName && sameKeys && sameOptions)) {
            return error(85, "IndexOptionsConflict", "An equivalent index already exists with a different name or options: " + have, false);
          }
        }
      }
      return null;
    }

    /** Key patterns compare in order and by direction as numbers (1 == 1.0). */
    private static boolean sameKeys(Document a, Document b) {
      if (a.size() != b.size()) return false;
      Iterator<Map.Entry<String, Object>> ia = a.entrySet().iterator(), ib = b.entrySet().iterator();
      while (ia.hasNext()) {
        Map.Entry<String, Object> x = ia.next(), y = ib.next();
        if (!x.getKey().equals(y.getKey())) return false;
        if (x.getValue() instanceof Number n && y.getValue() instanceof Number m) {
          if (n.doubleValue() != m.doubleValue()) return false;
        } else if (!Objects.equals(x.getValue(), y.getValue())) return false;
      }
      return true;
    }

    /** Sessions are identified by lsid.id (a UUID); the whole lsid document works as the key. */
    private static Object sessionKey(Object lsid) {
      return lsid instanceof Document d ? d.get("id") : lsid;
    }

    private static Document noSuchTransaction(long txnNumber) {
      return error(251, "NoSuchTransaction", "Transaction " + txnNumber + " has been aborted or is not open", true);
    }

    private static Document ok() {
      return new Document("ok", 1.0);
    }

    private static Document error(int code, String codeName, String message, boolean transientTxn) {
      Document r = new Document("ok", 0.0).append("errmsg", message).append("code", code).append("codeName", codeName);
      if (transientTxn) r.put("errorLabels", List.of("TransientTransactionError"));
      return r;
    }
  }

  /** Truthiness as MongoDB reads option flags. */
  static final class Utils {
    static boolean isTrue(Object v) {
      return v instanceof Boolean b ? b : v instanceof Number n && n.doubleValue() != 0;
    }
  }
}
