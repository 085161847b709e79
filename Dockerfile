# kubeidl in a container: a static binary, nothing else.
#   docker build -t kubeidl .
#   docker run --rm -v "$PWD:/work" -w /work kubeidl validate manifests/
FROM rust:1-bookworm AS build
RUN apt-get update && apt-get install -y --no-install-recommends musl-tools \
    && rm -rf /var/lib/apt/lists/* \
    && rustup target add x86_64-unknown-linux-musl
WORKDIR /src
COPY . .
# The README's install line, for a static target.
RUN cargo install --locked --path cli --root /out --target x86_64-unknown-linux-musl

FROM scratch
COPY --from=build /out/bin/kubeidl /kubeidl
ENTRYPOINT ["/kubeidl"]
