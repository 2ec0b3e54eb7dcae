#!/usr/bin/env bash
# A single-node Apache Kafka broker (KRaft combined mode) for development and CI, without Docker.
#
#   bash tools/kafka/kafka.sh start|stop|status        (npm run kafka:start / npm run kafka:stop)
#
# Kafka's broker is an ordinary Maven artifact, so `start` assembles it from Maven Central into the
# ignored folder .kafka/ (once; ~/.m2 caches the jars between checkouts), formats its storage once,
# runs it as a plain Java process and returns only when the broker answers a kafkajs admin request.
# `stop` ends exactly the process `start` recorded in .kafka/kafka.pid — never anything found by name.
# Needs: java (11+; 17 here), mvn, node and the repo's node_modules (kafkajs), ports 9092 and 9093 free.
#
# Environment knobs (defaults in brackets):
#   KAFKA_READY_TIMEOUT   seconds to wait for the broker to answer [60]
#   KAFKA_STOP_TIMEOUT    seconds to wait for a clean shutdown before SIGKILL [30]
#   KAFKA_HEAP_OPTS       JVM heap flags [-Xms256m -Xmx512m]
#   KAFKA_PORT            the broker's port [9092]
#   KAFKA_CONTROLLER_PORT the controller's port [9093]
#   KAFKA_INSTANCE_DIR    where this broker keeps its data, config, pid and log [.kafka]; the jars
#                         are always assembled in .kafka/libs, so a second broker (a test that
#                         kills its own) reuses them: KAFKA_PORT=29101 KAFKA_CONTROLLER_PORT=29102
#                         KAFKA_INSTANCE_DIR=/tmp/x bash tools/kafka/kafka.sh start
#   `libs` alone assembles the jars and starts nothing (CI does it before the tests).
set -euo pipefail

readonly KAFKA_VERSION=3.9.2
readonly SCALA_VERSION=2.13
readonly HOST=127.0.0.1
readonly BROKER_PORT="${KAFKA_PORT:-9092}"
readonly CONTROLLER_PORT="${KAFKA_CONTROLLER_PORT:-9093}"
# Every producer request and topic of Cardlog stays under this (KAFKA_MESSAGE_MAX_BYTES in
# libs/bus); the event store refuses events over 1 MiB, so any stored event can be published.
readonly MESSAGE_MAX_BYTES=2097152

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
readonly ROOT
readonly JARS_DIR="$ROOT/.kafka"
readonly DIR="${KAFKA_INSTANCE_DIR:-$JARS_DIR}"
readonly LIBS="$JARS_DIR/libs"
readonly LIBS_MARKER="$LIBS/.complete-kafka_${SCALA_VERSION}-${KAFKA_VERSION}"
readonly DATA="$DIR/data"
readonly LOG_DIR="$DATA/kraft-combined-logs"
readonly CONFIG="$DIR/server.properties"
readonly LOG4J="$DIR/log4j.properties"
readonly PID_FILE="$DIR/kafka.pid"
readonly OUT="$DIR/kafka.log"
readonly READY_TIMEOUT="${KAFKA_READY_TIMEOUT:-60}"
readonly STOP_TIMEOUT="${KAFKA_STOP_TIMEOUT:-30}"
readonly HEAP_OPTS="${KAFKA_HEAP_OPTS:--Xms256m -Xmx512m}"

log() { printf 'kafka: %s\n' "$*"; }
die() { printf 'kafka: error: %s\n' "$*" >&2; exit 1; }
now_ms() {
  # bash 5's microsecond clock; whole seconds where it is missing (macOS's bash 3.2).
  if [[ -n "${EPOCHREALTIME:-}" ]]; then
    local us="${EPOCHREALTIME/[.,]/}"
    printf '%s\n' "$(( 10#$us / 1000 ))"
  else
    printf '%s\n' "$(( $(date +%s) * 1000 ))"
  fi
}
seconds_since() { local start=$1; awk -v ms="$(( $(now_ms) - start ))" 'BEGIN { printf "%.1f", ms / 1000 }'; }

usage() {
  cat >&2 <<USAGE
usage: bash tools/kafka/kafka.sh start|stop|status
  start   download Kafka ${KAFKA_VERSION} into .kafka/ if needed, start it on ${HOST}:${BROKER_PORT}, wait until it answers
  stop    stop the broker that 'start' started (by its recorded pid)
  status  print whether it runs (exit 0 when running, 3 when not)
USAGE
  exit 2
}

require_command() {
  command -v "$1" >/dev/null 2>&1 || die "'$1' is not on PATH; $2"
}

# Prints the recorded pid when that process is alive and is our broker; otherwise prints nothing
# (a pid file left by a crash or a reboot, or whose pid now belongs to another process, is stale).
running_pid() {
  [[ -f "$PID_FILE" ]] || return 0
  local pid args
  pid="$(tr -dc '0-9' <"$PID_FILE")"
  [[ -n "$pid" ]] || return 0
  kill -0 "$pid" 2>/dev/null || return 0
  args="$(ps -o args= -p "$pid" 2>/dev/null || true)"
  [[ "$args" == *kafka.Kafka* && "$args" == *"$CONFIG"* ]] || return 0
  printf '%s\n' "$pid"
}

port_in_use() {
  # bash's /dev/tcp: succeeds when something accepts connections on the port.
  (exec 3<>"/dev/tcp/$HOST/$1") 2>/dev/null
}

download_jars() {
  if [[ -f "$LIBS_MARKER" ]]; then
    return 0
  fi
  require_command mvn "install Apache Maven (e.g. apt-get install maven); it downloads the broker from Maven Central"
  local started tmp
  started="$(now_ms)"
  log "assembling Kafka ${KAFKA_VERSION} from Maven Central into .kafka/libs (first run only; ~/.m2 caches the jars)"
  mkdir -p "$JARS_DIR/maven"
  # A throwaway project whose only purpose is to let the dependency plugin resolve the broker's
  # runtime classpath. kafka_2.13 declares no logging backend, so reload4j is added explicitly.
  cat >"$JARS_DIR/maven/pom.xml" <<POM
<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0"
         xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
         xsi:schemaLocation="http://maven.apache.org/POM/4.0.0 https://maven.apache.org/xsd/maven-4.0.0.xsd">
  <modelVersion>4.0.0</modelVersion>
  <groupId>dev.cardlog.tools</groupId>
  <artifactId>kafka-runtime</artifactId>
  <version>${KAFKA_VERSION}</version>
  <packaging>pom</packaging>
  <dependencies>
    <dependency>
      <groupId>org.apache.kafka</groupId>
      <artifactId>kafka_${SCALA_VERSION}</artifactId>
      <version>${KAFKA_VERSION}</version>
    </dependency>
    <dependency>
      <groupId>org.slf4j</groupId>
      <artifactId>slf4j-reload4j</artifactId>
      <version>1.7.36</version>
    </dependency>
    <dependency>
      <groupId>ch.qos.reload4j</groupId>
      <artifactId>reload4j</artifactId>
      <version>1.2.25</version>
    </dependency>
  </dependencies>
</project>
POM
  tmp="$JARS_DIR/libs.partial"
  rm -rf "$tmp"
  # Maven 3.8's bare `dependency:` prefix resolves to an old plugin, hence the full coordinates.
  # -q leaves only errors, but Maven 3.8 still writes stray colour resets, so its output goes to a
  # file that is shown when (and only when) the download fails.
  if ! mvn -q -B -Dstyle.color=never -f "$JARS_DIR/maven/pom.xml" \
      org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy-dependencies \
      -DincludeScope=runtime -DoutputDirectory="$tmp" >"$JARS_DIR/maven/maven.log" 2>&1; then
    sed $'s/\x1b\\[[0-9;]*m//g' "$JARS_DIR/maven/maven.log" >&2
    rm -rf "$tmp"
    die "Maven could not download Kafka ${KAFKA_VERSION} (its output is above and in .kafka/maven/maven.log); is Maven Central reachable?"
  fi
  compgen -G "$tmp/kafka_${SCALA_VERSION}-${KAFKA_VERSION}.jar" >/dev/null \
    || die "Maven finished but kafka_${SCALA_VERSION}-${KAFKA_VERSION}.jar is missing from $tmp"
  rm -rf "$LIBS"
  mv "$tmp" "$LIBS"
  touch "$LIBS_MARKER"
  log "assembled $(find "$LIBS" -name '*.jar' | wc -l | tr -d ' ') jars in $(seconds_since "$started")s"
}

write_config() {
  mkdir -p "$DATA"
  cat >"$CONFIG" <<PROPS
# Written by tools/kafka/kafka.sh on every start; edit the script, not this file.
# Single node, KRaft combined mode: this process is both the broker and the (only) controller.
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@${HOST}:${CONTROLLER_PORT}
listeners=PLAINTEXT://${HOST}:${BROKER_PORT},CONTROLLER://${HOST}:${CONTROLLER_PORT}
advertised.listeners=PLAINTEXT://${HOST}:${BROKER_PORT}
inter.broker.listener.name=PLAINTEXT
controller.listener.names=CONTROLLER
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT
log.dirs=${LOG_DIR}

# One node: internal topics cannot be replicated, and small ones make group joins fast.
num.partitions=1
default.replication.factor=1
offsets.topic.replication.factor=1
offsets.topic.num.partitions=1
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
transaction.state.log.num.partitions=1
group.initial.rebalance.delay.ms=0
# Topics are created explicitly with the admin client (libs/bus ensureTopic), never by accident.
auto.create.topics.enable=false
# Explicit message limits, equal to the producer's and the topic's (libs/bus KAFKA_MESSAGE_MAX_BYTES).
message.max.bytes=${MESSAGE_MAX_BYTES}
replica.fetch.max.bytes=${MESSAGE_MAX_BYTES}
PROPS
  cat >"$LOG4J" <<PROPS
# Written by tools/kafka/kafka.sh: console only (captured in .kafka/kafka.log), warnings and errors.
log4j.rootLogger=WARN, stdout
log4j.appender.stdout=org.apache.log4j.ConsoleAppender
log4j.appender.stdout.layout=org.apache.log4j.PatternLayout
log4j.appender.stdout.layout.ConversionPattern=[%d] %p %m (%c)%n
PROPS
}

java_tool() {
  # shellcheck disable=SC2086 # HEAP_OPTS is a list of flags
  java $HEAP_OPTS -Dlog4j.configuration="file:$LOG4J" -cp "$LIBS/*" "$@"
}

format_storage() {
  if [[ -f "$LOG_DIR/meta.properties" ]]; then
    return 0
  fi
  local cluster_id
  cluster_id="$(java_tool kafka.tools.StorageTool random-uuid)" || die "kafka.tools.StorageTool random-uuid failed"
  log "formatting storage in .kafka/data (cluster id $cluster_id)"
  java_tool kafka.tools.StorageTool format -t "$cluster_id" -c "$CONFIG" >"$DIR/format.log" 2>&1 || {
    cat "$DIR/format.log" >&2
    die "formatting the storage failed (output above); delete .kafka/data to start from scratch"
  }
}

# Polls with kafkajs until describeCluster() and the group coordinator answer, the deadline passes,
# or the broker process dies.
wait_until_ready() {
  local pid=$1
  node - "$ROOT" "$HOST:$BROKER_PORT" "$pid" "$READY_TIMEOUT" <<'JS'
const [root, broker, pid, timeoutSeconds] = process.argv.slice(2);
const { Kafka, logLevel } = require(require.resolve('kafkajs', { paths: [root] }));
const kafka = new Kafka({
  clientId: 'cardlog-kafka-sh',
  brokers: [broker],
  logLevel: logLevel.NOTHING,
  connectionTimeout: 1000,
  requestTimeout: 3000,
  retry: { retries: 0 },
});
const deadline = Date.now() + Number(timeoutSeconds) * 1000;
const alive = () => {
  try {
    process.kill(Number(pid), 0);
    return true;
  } catch {
    return false;
  }
};
(async () => {
  let lastError = 'no answer yet';
  while (Date.now() < deadline) {
    if (!alive()) {
      console.error(`kafka: error: the broker process ${pid} exited while starting`);
      process.exit(1);
    }
    const admin = kafka.admin({ retry: { retries: 0 } });
    try {
      await admin.connect();
      const cluster = await admin.describeCluster();
      if (cluster.brokers.length === 0 || cluster.controller === null) {
        lastError = 'the cluster reports no broker or controller yet';
      } else {
        // Asking for a group makes the broker create __consumer_offsets and elect its coordinator,
        // so the first consumer group of a test run joins at once instead of logging
        // "group coordinator is not available" while the broker finishes that work.
        await admin.describeGroups(['cardlog-kafka-sh-probe']);
        process.exit(0);
      }
    } catch (err) {
      lastError = err && err.message ? err.message : String(err);
    } finally {
      await admin.disconnect().catch(() => {});
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  console.error(`kafka: error: no answer from ${broker} within ${timeoutSeconds}s (last: ${lastError})`);
  process.exit(1);
})();
JS
}

# SIGTERM (Kafka shuts down cleanly), then waits; SIGKILL after STOP_TIMEOUT seconds.
terminate() {
  local pid=$1 waited=0
  kill -TERM "$pid" 2>/dev/null || return 0
  while kill -0 "$pid" 2>/dev/null; do
    if (( waited >= STOP_TIMEOUT * 10 )); then
      log "pid $pid still running after ${STOP_TIMEOUT}s; sending SIGKILL"
      kill -KILL "$pid" 2>/dev/null || true
      sleep 0.5
      return 0
    fi
    sleep 0.1
    waited=$(( waited + 1 ))
  done
}

start() {
  require_command java "install a JDK 11+ (e.g. apt-get install openjdk-17-jre-headless)"
  require_command node "Node.js 20+ is needed to check that the broker answers"
  [[ -d "$ROOT/node_modules/kafkajs" ]] || die "node_modules/kafkajs is missing; run 'npm ci' at the repo root first"
  mkdir -p "$DIR"

  # One start/stop at a time (two terminals, or CI steps racing each other).
  exec 9>"$DIR/.lock"
  if command -v flock >/dev/null 2>&1; then
    flock -w 900 9 || die "another kafka.sh holds .kafka/.lock for 15 minutes; giving up"
  fi

  local pid
  pid="$(running_pid)"
  if [[ -n "$pid" ]]; then
    log "already running (pid $pid) on $HOST:$BROKER_PORT; nothing to do"
    return 0
  fi
  if [[ -f "$PID_FILE" ]]; then
    log "removing stale pid file (pid $(tr -dc '0-9' <"$PID_FILE") is not a running broker)"
    rm -f "$PID_FILE"
  fi
  local port
  for port in "$BROKER_PORT" "$CONTROLLER_PORT"; do
    if port_in_use "$port"; then
      die "$HOST:$port is already taken by a process this script did not start (another Kafka?); stop it first"
    fi
  done

  local started
  started="$(now_ms)"
  download_jars
  write_config
  format_storage

  log "starting Kafka ${KAFKA_VERSION} on $HOST:$BROKER_PORT (controller $HOST:$CONTROLLER_PORT), output in .kafka/kafka.log"
  local boot
  boot="$(now_ms)"
  # setsid: the broker gets its own session, so a Ctrl-C or a process-group kill aimed at whoever
  # ran `start` (npm, a CI step) does not take it down; `stop` ends it by pid. 9>&- keeps the lock
  # descriptor out of the long-lived broker, or it would hold .kafka/.lock until it exits.
  local detach=()
  if command -v setsid >/dev/null 2>&1; then detach=(setsid); fi
  # shellcheck disable=SC2086 # HEAP_OPTS is a list of flags
  ${detach[@]+"${detach[@]}"} java $HEAP_OPTS -Dlog4j.configuration="file:$LOG4J" -cp "$LIBS/*" kafka.Kafka "$CONFIG" \
    </dev/null >"$OUT" 2>&1 9>&- &
  pid=$!
  printf '%s\n' "$pid" >"$PID_FILE"

  if ! wait_until_ready "$pid"; then
    printf -- '--- last lines of .kafka/kafka.log ---\n' >&2
    tail -n 40 "$OUT" >&2 || true
    terminate "$pid"
    rm -f "$PID_FILE"
    die "Kafka did not become ready; see .kafka/kafka.log"
  fi
  log "ready on $HOST:$BROKER_PORT (pid $pid): broker answered after $(seconds_since "$boot")s, $(seconds_since "$started")s in total"
}

stop() {
  mkdir -p "$DIR"
  exec 9>"$DIR/.lock"
  if command -v flock >/dev/null 2>&1; then
    flock -w 900 9 || die "another kafka.sh holds .kafka/.lock; giving up"
  fi
  local pid
  pid="$(running_pid)"
  if [[ -z "$pid" ]]; then
    if [[ -f "$PID_FILE" ]]; then
      log "not running (removing stale pid file)"
      rm -f "$PID_FILE"
    else
      log "not running"
    fi
    return 0
  fi
  log "stopping pid $pid"
  terminate "$pid"
  rm -f "$PID_FILE"
  log "stopped"
}

status() {
  local pid
  pid="$(running_pid)"
  if [[ -n "$pid" ]]; then
    log "running (pid $pid) on $HOST:$BROKER_PORT"
    return 0
  fi
  if [[ -f "$PID_FILE" ]]; then
    log "not running (stale pid file .kafka/kafka.pid)"
  else
    log "not running"
  fi
  return 3
}

case "${1:-}" in
  libs) mkdir -p "$JARS_DIR"; download_jars ;;
  start) start ;;
  stop) stop ;;
  status) status ;;
  *) usage ;;
esac
