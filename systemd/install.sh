#!/usr/bin/env bash
# Install a Military Whist role on a Raspberry Pi OS (Bookworm) or Debian machine.
#
#   sudo systemd/install.sh --role hub     # the leader's machine: hub + its broker
#   sudo systemd/install.sh --role kiosk   # a table's touchscreen Pi
#   sudo systemd/install.sh --role hall    # the hall display (a TV)
#   systemd/install.sh --role kiosk --dry-run   # print what it would do, change nothing
#   sudo systemd/install.sh --role kiosk --read-only   # and make the card safe from power cuts
#
# It installs the software from the release kit's wheel beside it (scripts/release builds the
# kit: the wheel, this script and the units), from --wheel FILE, or from a checkout (--source,
# the default when this script sits in one). Safe to run again: each step only does what is
# missing (an upgrade re-installs the software). See docs/install-pi.md for the whole story.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
role=""
dry_run=0
read_only=0
start=1
source_dir=""
wheel=""
prefix="/opt/whist"
user="whist"

usage() {
    sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'
    cat <<EOF
Options:
  --role hub|kiosk|hall   what this machine is (required)
  --dry-run               print every change instead of making it
  --wheel FILE            the built project to install (default: the kit's wheel beside
                          this script)
  --source DIR            a checkout of the project to install instead (default: the
                          checkout this script is in, if it is in one)
  --prefix DIR            where the software goes (default: $prefix)
  --no-start              enable the service but do not start it now
  --read-only             kiosk or hall: turn on Raspberry Pi OS's overlay file system
                          (the card is no longer written, except the table's data
                          folder /var/lib/whist); takes effect at the next start
EOF
}

while [ $# -gt 0 ]; do
    case "$1" in
        --role) role="${2:-}"; shift 2 ;;
        --role=*) role="${1#*=}"; shift ;;
        --dry-run) dry_run=1; shift ;;
        --source) source_dir="${2:-}"; shift 2 ;;
        --wheel) wheel="${2:-}"; shift 2 ;;
        --prefix) prefix="${2:-}"; shift 2 ;;
        --no-start) start=0; shift ;;
        --read-only) read_only=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) echo "install.sh: unknown option $1" >&2; usage >&2; exit 2 ;;
    esac
done

case "$role" in
    hub|kiosk|hall) ;;
    "") echo "install.sh: say which role: --role hub, --role kiosk or --role hall" >&2; exit 2 ;;
    *) echo "install.sh: unknown role '$role' (hub, kiosk or hall)" >&2; exit 2 ;;
esac
# What to install: --wheel, --source, the kit's wheel beside this script, or the checkout
# this script is in -- in that order.
if [ -z "$wheel" ] && [ -z "$source_dir" ]; then
    kit_wheels=("$here"/military_whist-*-py3-none-any.whl)
    if [ -f "${kit_wheels[0]}" ]; then
        if [ ${#kit_wheels[@]} -gt 1 ]; then
            echo "install.sh: several wheels beside this script; say which with --wheel FILE" >&2
            exit 2
        fi
        wheel="${kit_wheels[0]}"
    elif [ -f "$(dirname "$here")/pyproject.toml" ]; then
        source_dir="$(dirname "$here")"
    else
        echo "install.sh: no software to install: run it from the release kit (scripts/release" >&2
        echo "builds it), or say --wheel FILE or --source DIR" >&2
        exit 2
    fi
fi
if [ -n "$wheel" ]; then
    case "$wheel" in
        *.whl) ;;
        *) echo "install.sh: --wheel wants a .whl file, not $wheel" >&2; exit 2 ;;
    esac
    if [ ! -f "$wheel" ]; then
        echo "install.sh: no such wheel: $wheel" >&2
        exit 2
    fi
    wheel="$(cd "$(dirname "$wheel")" && pwd)/$(basename "$wheel")"
    software="$wheel"
elif [ ! -f "$source_dir/pyproject.toml" ]; then
    echo "install.sh: $source_dir is not the project (no pyproject.toml); use --source" >&2
    exit 2
else
    software="$source_dir"
fi
if [ "$read_only" -eq 1 ] && [ "$role" = hub ]; then
    echo "install.sh: --read-only is for a kiosk or the hall display; the hub writes its log" >&2
    exit 2
fi
for unit_file in whist-hub.service whist-kiosk.service whist-hall.service whist-keep-data.service; do
    if [ ! -f "$here/$unit_file" ]; then
        echo "install.sh: $unit_file is missing beside this script (an incomplete kit?)" >&2
        exit 2
    fi
done
if [ "$dry_run" -eq 0 ] && [ "$(id -u)" -ne 0 ]; then
    echo "install.sh: run it as root (sudo), or with --dry-run to see what it would do" >&2
    exit 2
fi
# Under the overlay, whatever this script wrote would be gone at the next start.
if [ "$dry_run" -eq 0 ] && mountpoint -q /media/root-ro 2>/dev/null; then
    echo "install.sh: this Pi's card is read-only now (the overlay file system is on): turn" >&2
    echo "it off, start again, then run this again:" >&2
    echo "    sudo raspi-config nonint do_overlayfs 1 && sudo reboot" >&2
    exit 2
fi

step() { printf '==> %s\n' "$*"; }
# Run a command that changes the machine, or only print it in a dry run.
run() {
    if [ "$dry_run" -eq 1 ]; then
        printf 'would run: %s\n' "$*"
    else
        "$@"
    fi
}

# -- 1. Debian packages -------------------------------------------------------------------
common_packages=(python3 python3-venv python3-pip ca-certificates)
case "$role" in
    # The broker; Pango, HarfBuzz's subsetter and a font for WeasyPrint's PDF sheets.
    hub) role_packages=(mosquitto libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0
                        fonts-dejavu-core) ;;
    # Kivy draws through KMS/DRM with OpenGL ES: mesa's drivers, GBM, EGL; a font with the
    # suit symbols; mtdev for the touchscreen.
    kiosk|hall) role_packages=(libgl1-mesa-dri libgles2 libegl1 libgbm1 libdrm2 libmtdev1
                               fonts-dejavu-core) ;;
esac
# --read-only: the overlay file system, mounted by the initramfs (section 6).
if [ "$read_only" -eq 1 ]; then role_packages+=(overlayroot initramfs-tools); fi
missing=()
for pkg in "${common_packages[@]}" "${role_packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$pkg")
    fi
done
if [ ${#missing[@]} -gt 0 ]; then
    step "installing Debian packages: ${missing[*]}"
    run env DEBIAN_FRONTEND=noninteractive apt-get update -q
    run env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
else
    step "Debian packages: all present"
fi

if [ "$role" = hub ] && systemctl is-enabled mosquitto.service >/dev/null 2>&1; then
    # The hub runs its own Mosquitto with per-table logins; the system one would hold 1883.
    step "turning off the system Mosquitto (the hub starts its own)"
    run systemctl disable --now mosquitto.service
fi

# -- 2. The service user (kiosk and hall; the hub runs as a dynamic user) -------------------
if [ "$role" != hub ]; then
    if ! getent passwd "$user" >/dev/null; then
        step "creating the system user $user"
        run useradd --system --home-dir /var/lib/whist --create-home --shell /usr/sbin/nologin "$user"
    else
        step "user $user: present"
    fi
    for group in video render input gpio dialout; do
        if getent group "$group" >/dev/null; then
            if ! id -nG "$user" 2>/dev/null | tr ' ' '\n' | grep -qx "$group"; then
                step "adding $user to $group"
                run usermod -aG "$group" "$user"
            fi
        fi
    done
fi

# -- 3. The software ---------------------------------------------------------------------
if [ ! -x "$prefix/venv/bin/python" ]; then
    step "creating the virtual environment $prefix/venv"
    run mkdir -p "$prefix"
    run python3 -m venv "$prefix/venv"
else
    step "virtual environment $prefix/venv: present"
fi
extras=""
if [ "$role" = kiosk ]; then extras="[pi]"; fi
step "installing the software from $software"
run "$prefix/venv/bin/pip" install -q --upgrade "$software$extras"

# -- 4. Configuration folder --------------------------------------------------------------
if [ ! -d /etc/whist ]; then
    step "creating /etc/whist"
    run install -d -m 0755 /etc/whist
fi
if [ "$role" = hub ] && [ ! -f /etc/whist/tournament.toml ]; then
    step "no tournament yet: write one with"
    echo "    sudo $prefix/venv/bin/whist-hub new --format alberta --tables 16 --out /etc/whist/tournament.toml"
fi

# -- 5. The unit ---------------------------------------------------------------------------
unit="whist-$role.service"
target="/etc/systemd/system/$unit"
rendered="$(sed "s#/opt/whist/venv#$prefix/venv#g" "$here/$unit")"
if [ ! -f "$target" ] || [ "$(cat "$target")" != "$rendered" ]; then
    step "installing $target"
    if [ "$dry_run" -eq 1 ]; then
        printf 'would write: %s\n' "$target"
    else
        printf '%s\n' "$rendered" > "$target"
    fi
    run systemctl daemon-reload
else
    step "$target: up to date"
fi
if ! systemctl is-enabled "$unit" >/dev/null 2>&1; then
    step "enabling $unit at boot"
    run systemctl enable "$unit"
fi
if [ "$start" -eq 1 ]; then
    step "starting $unit"
    run systemctl restart "$unit"
fi
# -- 6. Read-only: the overlay file system, the data folder kept on the card ---------------
if [ "$read_only" -eq 1 ]; then
    keep="/etc/systemd/system/whist-keep-data.service"
    if [ ! -f "$keep" ] || ! cmp -s "$here/whist-keep-data.service" "$keep"; then
        step "installing $keep: the data folder /var/lib/whist stays on the card"
        run install -m 0644 "$here/whist-keep-data.service" "$keep"
        run systemctl daemon-reload
    fi
    run systemctl enable whist-keep-data.service
    if [ ! -d /var/lib/whist ]; then
        run install -d -o "$user" -g "$user" -m 0700 /var/lib/whist
    fi
    # The overlay is mounted by the initramfs (package overlayroot). A Pi 5 boots its own
    # kernel (…-rpi-2712) and initramfs_2712, which raspi-config did not rebuild in 2024-25
    # Raspberry Pi OS images (raspberrypi/bookworm-feedback#326, #383): the overlay was then
    # silently off. So: the package first (step 1), then the running kernel's initramfs.
    kernel="$(uname -r)"
    step "making the initramfs of the running kernel $kernel (a Pi 5 needs its own)"
    if [ -e "/boot/initrd.img-$kernel" ]; then
        run update-initramfs -u -k "$kernel"
    else
        run update-initramfs -c -k "$kernel"
    fi
    config_txt=/boot/firmware/config.txt
    if [ -f "$config_txt" ] && ! grep -q '^auto_initramfs=1' "$config_txt"; then
        step "telling the firmware to load the initramfs (auto_initramfs=1 in $config_txt)"
        if [ "$dry_run" -eq 1 ]; then
            printf 'would write: %s\n' "$config_txt"
        else
            printf '\n[all]\nauto_initramfs=1\n' >> "$config_txt"
        fi
    fi
    if ! command -v raspi-config >/dev/null 2>&1; then
        if [ "$dry_run" -eq 0 ]; then
            echo "install.sh: --read-only needs raspi-config (Raspberry Pi OS)" >&2
            exit 2
        fi
        step "raspi-config is not on this machine (it is on Raspberry Pi OS)"
    fi
    step "turning on the overlay file system (raspi-config)"
    run raspi-config nonint do_overlayfs 0
    step "the card becomes read-only at the next start: sudo reboot"
fi
step "done: $role installed$( [ "$dry_run" -eq 1 ] && echo ' (dry run: nothing was changed)')"
