#!/usr/bin/env bash
# Start a real single-node Slurm on this machine, run a command against it,
# and tear it down again.
#
#   scripts/slurm-local.sh                 # the Slurm tests of docs/slurm/sqrtdk-shards.sh (CI runs this)
#   scripts/slurm-local.sh bash            # a shell with a cluster to try things by hand
#   scripts/slurm-local.sh CMD ARGS...     # any command; SLURM_CONF points at the cluster
#
# SLURM_EXTRA_CONF, if set, is appended to slurm.conf (such as
# "SchedulerParameters=batch_sched_delay=0" to try a site's settings);
# SLURM_LOCAL_LOGS, if set, is a directory that receives the daemons' logs.
#
# It installs Debian's slurm-wlm and munge with apt-get when they are missing
# (as root), writes its own munge key and slurm.conf in a new temporary
# directory, starts munged, slurmctld and slurmd from there, in the
# foreground and logging there (one node: this host, all its CPUs, free
# ports), waits until the node is idle, and runs the command with SLURM_CONF set and SQRTDK_SLURM=1 (which tells the
# Go test that a Slurm is up, so that it must run rather than skip). On exit,
# whatever happened, it cancels the jobs left on its cluster, stops the three
# daemons it started, by their PIDs, and removes the directory. Nothing else
# on the machine is touched: the system's own munge and Slurm configuration,
# if any, are neither read nor changed.
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)

log() { echo "slurm-local: $*" >&2; }

install_missing() {
	local missing=()
	for c in munged slurmctld slurmd sbatch; do
		command -v "$c" >/dev/null || missing+=("$c")
	done
	((${#missing[@]} == 0)) && return
	log "installing slurm-wlm and munge (missing: ${missing[*]})"
	if ((EUID != 0)); then
		log "need root to install them: run as root, or apt-get install slurm-wlm munge"
		exit 1
	fi
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq
	apt-get install -y -qq --no-install-recommends slurm-wlm munge >/dev/null
}

# free_port prints a TCP port from 20000 upwards that nothing listens on.
free_port() {
	local p
	for ((p = $1; p < 65000; p++)); do
		if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then
			echo "$p"
			return
		fi
	done
	return 1
}

pids=()
dir=""
teardown() {
	local status=$?
	trap - EXIT INT TERM HUP
	if [[ -n $dir && -f $dir/slurm.conf ]] && ((${#pids[@]} > 1)); then
		# Jobs first, so that no slurmstepd outlives its slurmd.
		scancel --quiet --full --signal=KILL --user="$(id -un)" 2>/dev/null || true
		for _ in $(seq 50); do
			[[ -z $(squeue -h 2>/dev/null) ]] && break
			sleep 0.2
		done
		# Each slurmstepd removes its socket in the spool directory as it
		# exits: wait for them, so that none outlives the cluster.
		for _ in $(seq 50); do
			compgen -G "$dir/spool/*_*" >/dev/null || break
			sleep 0.2
		done
	fi
	# The daemons, by the PIDs they started with, in the reverse order:
	# slurmd, slurmctld, munged.
	local i p
	for ((i = ${#pids[@]} - 1; i >= 0; i--)); do
		p=${pids[i]}
		kill -TERM "$p" 2>/dev/null || true
		for _ in $(seq 50); do
			kill -0 "$p" 2>/dev/null || break
			sleep 0.2
		done
		if kill -0 "$p" 2>/dev/null; then
			log "PID $p did not stop on SIGTERM within 10 s: SIGKILL"
			kill -KILL "$p" 2>/dev/null || true
		fi
		wait "$p" 2>/dev/null || true
	done
	if ((status != 0)) && [[ -n $dir ]]; then
		for f in "$dir"/*.log "$dir"/*.out; do
			[[ -s $f ]] || continue
			log "last lines of $(basename "$f"):"
			tail -n 15 "$f" >&2
		done
	fi
	if [[ -n ${SLURM_LOCAL_LOGS:-} && -n $dir ]]; then
		mkdir -p "$SLURM_LOCAL_LOGS" && cp "$dir"/*.log "$SLURM_LOCAL_LOGS"/ 2>/dev/null || true
	fi
	[[ -n $dir ]] && rm -rf "$dir"
	exit "$status"
}
trap teardown EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

install_missing

dir=$(mktemp -d "${TMPDIR:-/tmp}/sqrtdk-slurm.XXXXXX")
chmod 700 "$dir"
mkdir -p "$dir/state" "$dir/spool" "$dir/munge"
chmod 700 "$dir/munge"

# munge: its own key and socket, so that no system munged is needed or used.
head -c 1024 /dev/urandom >"$dir/munge/munge.key"
chmod 400 "$dir/munge/munge.key"
socket=$dir/munge/munge.socket
munged --foreground --force --key-file="$dir/munge/munge.key" --socket="$socket" \
	--pid-file="$dir/munge/munged.pid" --seed-file="$dir/munge/munge.seed" >"$dir/munged.log" 2>&1 &
pids+=($!)
for _ in $(seq 100); do
	[[ -S $socket ]] && break
	kill -0 "${pids[0]}" 2>/dev/null || { log "munged did not start"; exit 1; }
	sleep 0.1
done
munge -n -S "$socket" | unmunge -S "$socket" >/dev/null || { log "munge does not work"; exit 1; }

node=$(uname -n)
node=${node%%.*}
cpus=$(nproc)
memory=$(awk '/^MemTotal:/ { print int($2 / 1024 * 0.9) }' /proc/meminfo)
ctld_port=$(free_port 20817)
slurmd_port=$(free_port $((ctld_port + 1)))
user=$(id -un)
cat >"$dir/slurm.conf" <<EOF
# Written by scripts/slurm-local.sh: one node, this host, for tests only.
ClusterName=sqrtdk-local
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=$user
SlurmdUser=$user
AuthType=auth/munge
AuthInfo=socket=$socket
CryptoType=crypto/munge
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
SwitchType=switch/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MailProg=/bin/true
ReturnToService=2
MinJobAge=600
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
LogTimeFormat=iso8601_ms
NodeName=$node NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$memory State=UNKNOWN
PartitionName=local Nodes=$node Default=YES MaxTime=INFINITE State=UP
${SLURM_EXTRA_CONF:-}
EOF
export SLURM_CONF=$dir/slurm.conf

slurmctld -D -i -f "$SLURM_CONF" >"$dir/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D -f "$SLURM_CONF" -N "$node" >"$dir/slurmd.out" 2>&1 &
pids+=($!)

ready=""
for _ in $(seq 150); do
	for p in "${pids[@]}"; do
		kill -0 "$p" 2>/dev/null || { log "a daemon exited at start (PID $p)"; exit 1; }
	done
	state=$(sinfo -h -n "$node" -o %T 2>/dev/null || true)
	if [[ $state == idle ]]; then
		ready=1
		break
	fi
	sleep 0.2
done
[[ -n $ready ]] || { log "the node did not become idle within 30 s (state: ${state:-none})"; exit 1; }
log "Slurm is up: node $node, $cpus CPUs, slurmctld port $ctld_port, SLURM_CONF=$SLURM_CONF"

export SQRTDK_SLURM=1
cd "$repo"
status=0
if (($# == 0)); then
	# The Slurm tests, which must run and pass: a test that skipped or was
	# not found fails this script too.
	go test -count=1 -v -run '^TestSlurm' ./cmd/sqrtdk 2>&1 | tee "$dir/test.log" || status=$?
	for t in TestSlurmRecipe TestSlurmFaults; do
		if ! grep -q -- "^--- PASS: $t " "$dir/test.log"; then
			log "$t did not run and pass"
			status=1
		fi
	done
else
	"$@" || status=$?
fi
exit "$status"
