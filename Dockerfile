# ribsd: the same steps as scripts/run, in two stages.
# Build: docker build -t ribsd .    Run: docker run --rm -p 8080:8080 ribsd

FROM swift:6.1-bookworm AS build
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends libmicrohttpd-dev pkg-config \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY Package.swift ./
COPY Sources ./Sources
COPY Examples ./Examples
COPY Tests ./Tests
COPY scripts/build-release scripts/symbol-order.txt ./scripts/
RUN scripts/build-release --product ribsd \
    && cp "$(swift build -c release --show-bin-path)/ribsd" /usr/local/bin/ribsd

FROM debian:bookworm-slim
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends libmicrohttpd12 curl ca-certificates \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --no-create-home ribsd
COPY --from=build /usr/local/bin/ribsd /usr/local/bin/ribsd
USER ribsd
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=2s --retries=3 CMD curl -fsS http://127.0.0.1:8080/healthz || exit 1
ENTRYPOINT ["/usr/local/bin/ribsd"]
CMD ["--host", "0.0.0.0", "--port", "8080"]
