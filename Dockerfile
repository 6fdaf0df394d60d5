# Pixel Parlor: a slim image running the bot as a non-root user; the SQLite file lives on a volume.
# Build: docker build -t pixel-parlor .
# Run:   docker run -e DISCORD_TOKEN=... -v parlor-data:/data pixel-parlor
# Several shard processes on PostgreSQL: docker-compose.yml (README, "Several processes").
#
# The base image is pinned by digest (python:3.11-slim, the multi-platform index). This digest was not read from
# Docker Hub on the machine that wrote it (no registry access there): it is the one two unrelated public projects
# pin for python:3.11-slim, one of them through AWS's mirror of the official images. Refresh it with
#   docker buildx imagetools inspect python:3.11-slim   (the "Digest:" line)
# and rebuild; the pinned Python packages come from constraints.txt.
FROM python:3.11-slim@sha256:9c900dea9e8fb7e16277c179b555cc72d29a352dbc33cff48ad5a0412fd5bfc7

RUN useradd --create-home --uid 10001 parlor \
    && mkdir /data && chown parlor:parlor /data

WORKDIR /app
COPY pyproject.toml README.md constraints.txt ./
COPY docs/rules ./docs/rules
COPY bot ./bot
COPY cogs ./cogs
COPY rendering ./rendering
COPY storage ./storage
RUN pip install --no-cache-dir -c constraints.txt .

USER parlor
ENV PARLOR_DB=/data/parlor.sqlite3 \
    PARLOR_HEARTBEAT=/tmp/parlor.heartbeat \
    PYTHONUNBUFFERED=1
VOLUME ["/data"]
# Healthy: the database answers and the running bot touched its heartbeat file (every 30 s while connected to
# Discord) within the last 90 s. The start period leaves time to connect every shard.
HEALTHCHECK --interval=30s --timeout=20s --start-period=120s --retries=3 CMD ["pixel-parlor", "health"]
ENTRYPOINT ["pixel-parlor"]
CMD ["run"]
