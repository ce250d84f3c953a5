# ribsd: the same steps as scripts/run, in two stages.
# Build: docker build -t ribsd .    Run: docker run --rm -p 8080:8080 ribsd
# Another port: docker run --rm -e RIBSD_PORT=9000 -p 9000:9000 ribsd (the health check reads RIBSD_PORT too).
# Sessions that outlive the container: docker run -v ribsd-data:/var/lib/ribsd -p 8080:8080 ribsd

# Swift 6.2 or newer builds the package (its tests use 6.2's exit tests); 6.3 is what it is developed with.
FROM swift:6.3-bookworm AS build
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends libmicrohttpd-dev libsqlite3-dev libhiredis-dev pkg-config \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY Package.swift ./
COPY Sources ./Sources
# The build embeds these (the EmbedFiles plugin): the OpenAPI document, through the plugin and its tool.
COPY Plugins ./Plugins
COPY docs/openapi.json docs/app.schema.json ./docs/
COPY Examples ./Examples
COPY Tests ./Tests
# Every target's folder must exist for SwiftPM to load the package, even those this image does not build.
COPY Benchmarks ./Benchmarks
COPY Fuzz/FuzzEvents ./Fuzz/FuzzEvents
COPY scripts/build-release scripts/symbol-order.txt ./scripts/
RUN scripts/build-release --product ribsd \
    && cp "$(swift build -c release --show-bin-path)/ribsd" /usr/local/bin/ribsd

FROM debian:bookworm-slim
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends libmicrohttpd12 libsqlite3-0 libhiredis0.14 libstdc++6 libgcc-s1 curl \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --no-create-home ribsd \
    && mkdir -p /var/lib/ribsd && chown ribsd:ribsd /var/lib/ribsd
COPY --from=build /usr/local/bin/ribsd /usr/local/bin/ribsd
USER ribsd
ENV RIBSD_HOST=0.0.0.0 RIBSD_PORT=8080 RIBSD_DATA_DIR=/var/lib/ribsd
# The sessions' SQLite store: mount a volume here so they outlive the container.
VOLUME /var/lib/ribsd
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=2s --retries=3 CMD curl -fsS "http://127.0.0.1:${RIBSD_PORT}/healthz" || exit 1
ENTRYPOINT ["/usr/local/bin/ribsd"]
