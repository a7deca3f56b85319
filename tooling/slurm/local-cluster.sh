#!/usr/bin/env bash
# A single-node Slurm cluster on loopback, in one folder, for tests and trying a sweep: munged, slurmctld and
# slurmd with their own key, sockets, ports, state and logs under DIR (nothing in /etc is touched).
#   tooling/slurm/local-cluster.sh start DIR   -> prints `export SLURM_CONF=DIR/slurm.conf`; waits until the node is idle
#   tooling/slurm/local-cluster.sh stop DIR    -> stops the three daemons it started
# Needs Debian's slurm-wlm and munge (tooling/ci/setup.sh installs them as root) and root (slurmd runs jobs as
# their submitter). Exit 3 with one sentence when something is missing, so a test can skip with the reason.
set -euo pipefail
cmd=${1:-}
dir=${2:-}
[ -n "$cmd" ] && [ -n "$dir" ] || { echo "usage: $0 start|stop DIR" >&2; exit 2; }
dir=$(cd "$(dirname "$dir")" && pwd)/$(basename "$dir")

stop() {
  local pids=()
  for d in slurmd slurmctld munged; do
    if [ -f "$dir/$d.pid" ]; then
      pid=$(cat "$dir/$d.pid")
      kill "$pid" 2>/dev/null && pids+=("$pid") || true
    fi
  done
  # Wait (bounded) until they have gone, so the caller can remove the folder.
  for _ in $(seq 1 100); do
    alive=0
    for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null && alive=1; done
    [ "$alive" = 0 ] && return 0
    sleep 0.1
  done
}

if [ "$cmd" = stop ]; then
  stop
  exit 0
fi
[ "$cmd" = start ] || { echo "usage: $0 start|stop DIR" >&2; exit 2; }
for b in munged slurmctld slurmd sbatch; do
  command -v "$b" >/dev/null 2>&1 || [ -x "/usr/sbin/$b" ] || { echo "slurm: $b is not installed (apt-get install slurm-wlm munge, or tooling/ci/setup.sh as root)"; exit 3; }
done
[ "$(id -u)" = 0 ] || { echo "slurm: the single-node cluster needs root (slurmd starts jobs as their user)"; exit 3; }
export PATH=$PATH:/usr/sbin
mkdir -p "$dir/state" "$dir/spool" "$dir/munge"
chmod 700 "$dir/munge"
# Free ports for slurmctld and slurmd (loopback only).
ports=$(python3 -c 'import socket
s=[socket.socket() for _ in range(2)]
[x.bind(("127.0.0.1",0)) for x in s]
print(" ".join(str(x.getsockname()[1]) for x in s))')
set -- $ports
ctld_port=$1
slurmd_port=$2
dd if=/dev/urandom bs=1 count=1024 of="$dir/munge/munge.key" status=none
chmod 400 "$dir/munge/munge.key"
munged --force --key-file="$dir/munge/munge.key" --socket="$dir/munge/munge.sock" --pid-file="$dir/munged.pid" \
  --log-file="$dir/munged.log" --seed-file="$dir/munge/munge.seed"
cpus=$(nproc)
cat >"$dir/slurm.conf" <<CONF
ClusterName=hearth-local
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$dir/munge/munge.sock
CredType=cred/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SlurmdTimeout=30
InactiveLimit=0
NodeName=localhost NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=local Nodes=localhost Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$dir/slurm.conf
slurmctld -i
slurmd -N localhost
for _ in $(seq 1 120); do
  if sinfo -h -o '%T' 2>/dev/null | grep -qE '^(idle|mixed)'; then
    echo "export SLURM_CONF=$dir/slurm.conf"
    exit 0
  fi
  sleep 0.5
done
echo "slurm: the node did not come up within 60 s (logs in $dir)"
tail -5 "$dir/slurmctld.log" "$dir/slurmd.log" >&2 || true
stop
exit 1
