# Pixel Parlor: a slim image running the bot as a non-root user; the SQLite file lives on a volume.
# Build: docker build -t pixel-parlor .
# Run:   docker run -e DISCORD_TOKEN=... -v parlor-data:/data pixel-parlor
FROM python:3.11-slim

RUN useradd --create-home --uid 10001 parlor \
    && mkdir /data && chown parlor:parlor /data

WORKDIR /app
COPY pyproject.toml README.md ./
COPY docs/rules ./docs/rules
COPY bot ./bot
COPY cogs ./cogs
COPY rendering ./rendering
COPY storage ./storage
RUN pip install --no-cache-dir .

USER parlor
ENV PARLOR_DB=/data/parlor.sqlite3 \
    PYTHONUNBUFFERED=1
VOLUME ["/data"]
ENTRYPOINT ["pixel-parlor"]
CMD ["run"]
